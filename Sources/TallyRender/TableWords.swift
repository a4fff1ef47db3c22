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
    ]

    /// `english` in a table: in the reader's language when it is one of the tables' own words.
    static func shown(_ english: String) -> String {
        all.contains(english) ? Translation.translated(english) : english
    }
}
