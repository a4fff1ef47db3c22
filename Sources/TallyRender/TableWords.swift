import TallyCore

/// The words tables are headed with, and the words of their total rows:
/// shown in the reader's language. A header that is what the ledger holds,
/// such as a category's name across a grid, is shown as it is, even when a
/// category is called `total`. `make pot` finds each word by `Translation.catalogued`.
enum TableWords {
    static let all: Set<String> = [
        Translation.catalogued("id"),
        Translation.catalogued("date"),
        Translation.catalogued("kind"),
        Translation.catalogued("amount"),
        Translation.catalogued("category"),
        Translation.catalogued("book"),
        Translation.catalogued("account"),
        Translation.catalogued("remark"),
        Translation.catalogued("place"),
        Translation.catalogued("tags"),
        Translation.catalogued("total"),
        Translation.catalogued("net"),
        Translation.catalogued("sum"),
        Translation.catalogued("count"),
        Translation.catalogued("avg"),
        Translation.catalogued("min"),
        Translation.catalogued("max"),
        Translation.catalogued("income"),
        Translation.catalogued("expense"),
        Translation.catalogued("balance"),
        Translation.catalogued("bills"),
        Translation.catalogued("share"),
        Translation.catalogued("month"),
        Translation.catalogued("year"),
        Translation.catalogued("week"),
        Translation.catalogued("day"),
        Translation.catalogued("quarter"),
        Translation.catalogued("tag"),
        Translation.catalogued("icon"),
        Translation.catalogued("aliases"),
        Translation.catalogued("currency"),
        Translation.catalogued("current"),
        Translation.catalogued("archived"),
        Translation.catalogued("budget"),
        Translation.catalogued("spent"),
        Translation.catalogued("left"),
        Translation.catalogued("name"),
        Translation.catalogued("type"),
        Translation.catalogued("size"),
        Translation.catalogued("added"),
        Translation.catalogued("photo"),
        Translation.catalogued("line"),
        Translation.catalogued("would"),
        Translation.catalogued("rate"),
        Translation.catalogued("weekday"),
        Translation.catalogued("default"),
        Translation.catalogued("opening"),
        Translation.catalogued("since"),
        Translation.catalogued("state"),
        Translation.catalogued("note"),
        Translation.catalogued("reconciled"),
        Translation.catalogued("schedule"),
        Translation.catalogued("next"),
        Translation.catalogued("bill"),
        Translation.catalogued("recurring"),
        Translation.catalogued("from"),
        Translation.catalogued("settings"),
        Translation.catalogued("header"),
        Translation.catalogued("rule"),
        Translation.catalogued("in"),
        Translation.catalogued("parameters"),
        Translation.catalogued("statement"),
        Translation.catalogued("undo"),
        Translation.catalogued("redo"),
        Translation.catalogued("when"),
        Translation.catalogued("session"),
        Translation.catalogued("undone"),
        Translation.catalogued("change"),
    ]

    /// `english` in a table: in the reader's language when it is one of the tables' own words.
    static func shown(_ english: String) -> String {
        all.contains(english) ? Translation.translated(english) : english
    }

    /// What an account holds, which English calls `balance` as it calls a
    /// period's income less its expense, and Chinese does not.
    static let accountBalance = Translation.catalogued("balance of an account")

    /// The header `balance` of a table of accounts, in the reader's language.
    static var accountBalanceHeader: String {
        let word = Translation.translated(accountBalance)
        return word == accountBalance ? "balance" : word
    }
}
