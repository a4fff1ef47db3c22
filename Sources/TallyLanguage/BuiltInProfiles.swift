import TallyCore

/// The import profiles Tally ships with, for the files people download most:
/// kept as data, one `NAME<TAB>SETTINGS` a line, in the language's own words.
public enum BuiltInProfiles {
    public static let all: [ImportProfile] = {
        let text = String(decoding: PackageResources.profiles_tsv, as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let tab = line.firstIndex(of: "\t") else { return nil }
            return ImportProfile(name: String(line[..<tab]), settings: String(line[line.index(after: tab)...]))
        }
    }()

    public static func named(_ name: String) -> ImportProfile? {
        let key = Names.key(name)
        return all.first { $0.key == key }
    }
}
