import CIntl
import Glibc

/// Tally's words in the reader's language, from the gettext catalogues
/// compiled from `po/zh_CN.po` and `po/zh_TW.po`. `LANGUAGE`, `LC_ALL`,
/// `LC_MESSAGES` and `LANG` choose, as for any program on Linux; `C`,
/// `POSIX`, a language without a catalogue and a locale the system has not
/// installed give English. What is written for programs to read (CSV and
/// JSON keys) is never translated.
public enum Translation {
    public static let domain = "tally"

    /// Takes the language from the environment and the catalogues from
    /// `folder` (`LANG/LC_MESSAGES/tally.mo` in it). Until then, and where
    /// no catalogue answers, every word is English.
    public static func start(catalogues folder: String) {
        setlocale(LC_MESSAGES, "")
        bind(catalogues: folder)
    }

    /// Looks the words up in the catalogues in `folder`, in whatever
    /// language the locale of the asking thread names.
    public static func bind(catalogues folder: String) {
        bindtextdomain(domain, folder)
        // Whatever the locale's character set, the words come as UTF-8, as Tally writes everything.
        bind_textdomain_codeset(domain, "UTF-8")
        // The system's reasons (strerror's "No such file or directory") come
        // from glibc's own catalogue in the same language; with LC_CTYPE left
        // at C they would come as question marks, not as UTF-8.
        bind_textdomain_codeset("libc", "UTF-8")
    }

    /// Where the catalogues of the running program are: `TEXTDOMAINDIR`
    /// when set, as for shell scripts, else `share/locale` beside the folder
    /// the program is in: `$(PREFIX)/share/locale` once installed, and in a
    /// checkout the build folder's, one further up (`.build/TRIPLE/debug/tally`).
    public static func cataloguesFolder(textDomainDir: String?) -> String {
        if let folder = textDomainDir, !folder.isEmpty { return folder }
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &path, Int(PATH_MAX))
        let installed = "/usr/local/share/locale"
        guard length > 0 else { return installed }
        let program = String(decoding: path[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let folders = program.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        let candidates = [folders.dropLast(), folders.dropLast(2)].map { $0.joined(separator: "/") + "/share/locale" }
        return candidates.first { access($0 + "/zh_CN/LC_MESSAGES/\(domain).mo", R_OK) == 0 } ?? candidates[0]
    }

    /// The variable that chooses the messages' locale, and the locale it
    /// names, when the system has not installed that locale, so that the
    /// messages are English whatever it says; nil when it has, or when
    /// nothing names one but C or POSIX.
    public static func missingLocale() -> (variable: String, locale: String)? {
        let names: [String] = ["LC_ALL", "LC_MESSAGES", "LANG"]
        let chosen = names.lazy
            .compactMap { (name: String) -> (variable: String, locale: String)? in
                getenv(name).map { (variable: name, locale: String(cString: $0)) }
            }
            .first { !$0.locale.isEmpty }
        guard let chosen, chosen.locale != "C", chosen.locale != "POSIX", !chosen.locale.hasPrefix("C.") else { return nil }
        guard let locale = newlocale(LC_MESSAGES_MASK, chosen.locale, nil) else { return chosen }
        freelocale(locale)
        return nil
    }

    /// `english` as it is, marked for the catalogues' template (`make pot`
    /// finds it by this name): for a text kept in a table and translated where shown.
    public static func catalogued(_ english: String) -> String { english }

    /// `english` as the reader's catalogue has it, else itself.
    public static func translated(_ english: String) -> String {
        english.withCString { text in
            // gettext gives back the very text it was given when it has no translation.
            guard let found = dgettext(domain, text), found != text else { return english }
            return String(cString: found)
        }
    }

    /// `template` as the reader's catalogue has it, its directives filled
    /// with `arguments` (see `format`). The template is always a literal, so
    /// that `make pot` finds it; what the user wrote only ever fills it.
    public static func translated(_ template: String, _ arguments: CustomStringConvertible...) -> String {
        format(translated(template), with: arguments)
    }

    /// `template` as the reader's catalogue has it where it is said of
    /// `context`: the same English may need other words in another place,
    /// as `%s and %s` of two counts and of two changes (gettext's msgctxt).
    public static func contextual(_ context: String, _ template: String, _ arguments: CustomStringConvertible...) -> String {
        let found = (context + "\u{4}" + template).withCString { key -> String? in
            guard let found = dgettext(domain, key), found != key else { return nil }
            return String(cString: found)
        }
        return format(found ?? template, with: arguments)
    }

    /// `count` in the words of the reader's catalogue, in the plural form
    /// its language gives `count` (English: `singular` for one, else
    /// `plural`; Chinese has one form), its first directive filled with
    /// `count` and those after it with `arguments`.
    public static func plural(_ singular: String, _ plural: String, count: Int, _ arguments: CustomStringConvertible...) -> String {
        self.plural(singular, plural, count: count, with: arguments)
    }

    public static func plural(_ singular: String, _ plural: String, count: Int, with arguments: [CustomStringConvertible]) -> String {
        let form = singular.withCString { one in
            plural.withCString { many in
                let found = dngettext(domain, one, many, UInt(max(count, 0)))
                guard let found, found != one, found != many else { return count == 1 ? singular : plural }
                return String(cString: found)
            }
        }
        return format(form, with: [count] + arguments)
    }

    /// `template` with its directives filled, as C's printf fills them and
    /// msgfmt checks a translation keeps them: `%s` and `%d` take the
    /// arguments in turn, `%2$s` the second wherever it stands (a translation
    /// may put them in another order), `%%` is `%`.
    public static func format(_ template: String, _ arguments: CustomStringConvertible...) -> String {
        format(template, with: arguments)
    }

    public static func format(_ template: String, with arguments: [CustomStringConvertible]) -> String {
        // Bytes, not Characters: a directive is ASCII, and walking by grapheme
        // clusters made every confirmation and parser lookahead measurably slower.
        let bytes = Array(template.utf8)
        guard bytes.contains(UInt8(ascii: "%")) else { return template }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        var next = 0
        var at = 0
        while at < bytes.count {
            guard bytes[at] == UInt8(ascii: "%"), at + 1 < bytes.count else {
                result.append(bytes[at])
                at += 1
                continue
            }
            if bytes[at + 1] == UInt8(ascii: "%") {
                result.append(UInt8(ascii: "%"))
                at += 2
                continue
            }
            var directive = at + 1
            while directive < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[directive]) {
                directive += 1
            }
            var index = next
            // A template may come from a damaged ledger's undo history: a position too long for an Int is no directive.
            if directive > at + 1, directive < bytes.count, bytes[directive] == UInt8(ascii: "$"),
               let position = Int(String(decoding: bytes[(at + 1)..<directive], as: UTF8.self)) {
                index = position - 1
                directive += 1
            } else {
                directive = at + 1
                next += 1
            }
            guard directive < bytes.count, bytes[directive] == UInt8(ascii: "s") || bytes[directive] == UInt8(ascii: "d"),
                  arguments.indices.contains(index) else {
                result.append(bytes[at])
                at += 1
                continue
            }
            result.append(contentsOf: arguments[index].description.utf8)
            at = directive + 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
