/// Timi's default categories, read from the data file built into the package.
public enum DefaultCategories {
    /// The categories a new ledger starts with, ids from 1. With `chinese`, the
    /// Chinese name is the display name and the English one the alias; with
    /// `traditional` too, the name in Traditional script, as Taiwan says it,
    /// with the English and the Simplified as aliases.
    public static func make(chinese: Bool, traditional: Bool = false) -> [Category] {
        let text = String(decoding: PackageResources.categories_tsv, as: UTF8.self)
        var categories: [Category] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 5, let kind = Kind(rawValue: fields[0]) else {
                preconditionFailure("categories.tsv: malformed line '\(line)'")
            }
            let (english, simplified, traditionalName) = (fields[1], fields[2], fields[4])
            let (name, aliases) = switch (chinese, traditional) {
            case (true, true): (traditionalName, [english] + (simplified == traditionalName ? [] : [simplified]))
            case (true, false): (simplified, [english])
            case (false, _): (english, [simplified])
            }
            let id = Int64(categories.count + 1)
            categories.append(Category(id: id, name: name, kind: kind, icon: fields[3], aliases: aliases, position: Int(id)))
        }
        return categories
    }
}
