/// Timi's default categories, read from the data file built into the package.
public enum DefaultCategories {
    /// The categories a new ledger starts with, ids from 1. With `chinese`, the
    /// Chinese name is the display name and the English one the alias.
    public static func make(chinese: Bool) -> [Category] {
        let text = String(decoding: PackageResources.categories_tsv, as: UTF8.self)
        var categories: [Category] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 4, let kind = Kind(rawValue: fields[0]) else {
                preconditionFailure("categories.tsv: malformed line '\(line)'")
            }
            let (name, alias) = chinese ? (fields[2], fields[1]) : (fields[1], fields[2])
            let id = Int64(categories.count + 1)
            categories.append(Category(id: id, name: name, kind: kind, icon: fields[3], aliases: [alias], position: Int(id)))
        }
        return categories
    }
}
