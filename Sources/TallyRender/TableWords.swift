import TallyCore

/// The words tables are headed with, and the words of their total rows:
/// shown in the reader's language. A header that is what the ledger holds,
/// such as a category's name across a grid, is shown as it is, even when a
/// category is called `total`. `make pot` finds each word by `catalogued`.
enum TableWords {
    static let all: Set<String> = [
        catalogued("id"),
        catalogued("date"),
        catalogued("kind"),
        catalogued("amount"),
        catalogued("category"),
        catalogued("book"),
        catalogued("account"),
        catalogued("remark"),
        catalogued("place"),
        catalogued("tags"),
        catalogued("total"),
        catalogued("net"),
        catalogued("sum"),
        catalogued("count"),
        catalogued("avg"),
        catalogued("min"),
        catalogued("max"),
        catalogued("income"),
        catalogued("expense"),
        catalogued("balance"),
        catalogued("bills"),
        catalogued("share"),
        catalogued("month"),
        catalogued("year"),
        catalogued("week"),
        catalogued("day"),
        catalogued("quarter"),
        catalogued("tag"),
        catalogued("icon"),
        catalogued("aliases"),
        catalogued("currency"),
        catalogued("current"),
        catalogued("archived"),
        catalogued("budget"),
        catalogued("spent"),
        catalogued("left"),
        catalogued("name"),
        catalogued("type"),
        catalogued("size"),
        catalogued("added"),
        catalogued("photo"),
        catalogued("line"),
        catalogued("would"),
        catalogued("rate"),
        catalogued("weekday"),
    ]

    /// `english` in a table: in the reader's language when it is one of the tables' own words.
    static func shown(_ english: String) -> String {
        all.contains(english) ? Translation.translated(english) : english
    }

    /// A word of the catalogues' template, as it is.
    private static func catalogued(_ english: String) -> String { english }
}
