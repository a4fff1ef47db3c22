/// The account a book or category is exported under, given once and kept in
/// the ledger, so every export names it alike whatever else it holds: a
/// yearly journal can be included beside the others and their totals add up.
/// Each form is the part under its root (`expenses:`, `Income:`, `assets:`);
/// no two books, and no two categories, share one, ignoring case.
public struct ExportAccount: Hashable, Sendable, Codable {
    /// For hledger and ledger: the name itself where it is already valid.
    public let journal: String
    /// For beancount, whose accounts allow only letters, digits and dashes.
    public let beancount: String

    public init(journal: String, beancount: String) {
        self.journal = journal
        self.beancount = beancount
    }

    /// Accounts for `owners`, in the order given, besides those `given`
    /// already. A name that is a journal account as it stands is served
    /// before the names that must change, so it keeps its name unless an
    /// account given earlier has it, and its beancount form is served first
    /// too; a name whose account is taken gets the first free of `-2`, `-3`, …
    public static func give(to owners: [(name: String, aliases: [String])], besides given: [ExportAccount]) -> [ExportAccount] {
        let journal = owners.map { JournalAccount.part($0.name) }
        let keepsItsName = zip(journal, owners).map { $0 == $1.name }
        let beancount = owners.map { BeancountAccount.part($0.name, aliases: $0.aliases) }
        return zip(unique(journal, first: keepsItsName, taken: given.map(\.journal)), unique(beancount, first: keepsItsName, taken: given.map(\.beancount)))
            .map { ExportAccount(journal: $0, beancount: $1) }
    }

    private static func unique(_ wanted: [String], first: [Bool], taken: [String]) -> [String] {
        var taken = Set(taken.map(Names.key))
        var parts = wanted
        for servingFirst in [true, false] {
            for index in parts.indices where first[index] == servingFirst {
                var part = wanted[index]
                var number = 2
                while taken.contains(Names.key(part)) {
                    part = wanted[index] + "-\(number)"
                    number += 1
                }
                taken.insert(Names.key(part))
                parts[index] = part
            }
        }
        return parts
    }
}

/// A part of an account that hledger and ledger both read as one: no `:`
/// (it would nest), and no run of spaces or a tab (either would end the
/// name in a posting). The root before it keeps brackets and marks at its
/// start from meaning anything.
enum JournalAccount {
    static func part(_ name: String) -> String {
        var part = ""
        for character in name {
            if character == ":" {
                part.append("-")
            } else if character.isWhitespace || character.unicodeScalars.contains(where: TextSafety.isControl) {
                if !part.isEmpty && part.last != " " { part.append(" ") }
            } else {
                part.append(character)
            }
        }
        while part.last == " " { part.removeLast() }
        return part.isEmpty ? "-" : part
    }
}

/// A part beancount accepts: it starts with an upper-case letter or a digit
/// and holds only letters, digits and dashes. A name that starts otherwise
/// (`餐饮`) is led by the first of its aliases that can (`Canyin-餐饮`), or by `X-`.
enum BeancountAccount {
    static func part(_ name: String, aliases: [String]) -> String {
        let part = cleaned(name)
        if startsWell(part) { return part }
        let alias = aliases.map(cleaned).first(where: startsWell)
        return (alias ?? "X") + "-" + part
    }

    private static func cleaned(_ name: String) -> String {
        var part = ""
        for scalar in name.unicodeScalars {
            if letterOrDigit.contains(scalar.properties.generalCategory) {
                part.unicodeScalars.append(scalar)
            } else if !part.isEmpty && part.last != "-" {
                part.append("-")
            }
        }
        while part.last == "-" { part.removeLast() }
        guard let first = part.first, first.isLowercase else { return part.isEmpty ? "X" : part }
        let upper = first.uppercased()
        return upper.count == 1 ? upper + part.dropFirst() : part
    }

    /// Unicode's \p{L} and \p{Nd}, what beancount allows in an account.
    private static let letterOrDigit: Set<Unicode.GeneralCategory> = [
        .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
    ]

    private static func startsWell(_ part: String) -> Bool {
        guard let scalar = part.unicodeScalars.first else { return false }
        return scalar.properties.generalCategory == .uppercaseLetter || scalar.properties.generalCategory == .decimalNumber
    }
}
