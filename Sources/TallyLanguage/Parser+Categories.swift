import TallyCore

extension Parser {
    // category_statement = "category" ( "add" name kind { "icon" name | "alias" name }
    //                    | "rename" name "to" name | "merge" name "into" name | "delete" name [ "into" name ]
    //                    | "icon" name name | ( "alias" | "unalias" ) name name { name }
    //                    | ( "archive" | "unarchive" ) name | "move" name "to" INTEGER )
    mutating func categoryStatement() throws(Diagnostic) -> LedgerStatement {
        switch try subcommand(["add", "rename", "merge", "delete", "icon", "alias", "unalias", "archive", "unarchive", "move"]) {
        case "add":
            let name = try categoryName()
            guard let kind = matchKind() else { throw unexpected(Translation.translated("'expense' or 'income'")) }
            var icon: String?
            var aliases: [Located<String>] = []
            while true {
                if matchWord("icon") {
                    icon = try self.icon().value
                } else if matchWord("alias") {
                    aliases.append(try self.name(Translation.translated("an alias")))
                } else {
                    break
                }
            }
            return .categoryAdd(name: name, kind: kind, icon: icon, aliases: aliases)
        case "rename":
            let old = try categoryName()
            try expectWord("to")
            return .categoryRename(old: old, new: try name(Translation.translated("the new category name")))
        case "merge":
            let old = try categoryName()
            try expectWord("into")
            return .categoryMerge(old: old, into: try categoryName())
        case "delete":
            let name = try categoryName()
            return .categoryDelete(name: name, into: matchWord("into") ? try self.categoryName() : nil)
        case "icon":
            let name = try categoryName()
            return .categoryIcon(name: name, icon: try icon())
        case let word where word == "alias" || word == "unalias":
            let name = try categoryName()
            var aliases = [try self.name(word == "alias" ? Translation.translated("an alias, such as 吃饭") : Translation.translated("the alias to drop"))]
            while !atStatementEnd { aliases.append(try self.name(Translation.translated("another alias or end of statement"))) }
            return .categoryAliases(name: name, aliases: aliases, adding: word == "alias")
        case "archive":
            return .categoryArchive(name: try categoryName(), archiving: true)
        case "unarchive":
            offer([.archivedCategory])
            return .categoryArchive(name: try name(Translation.translated("an archived category's name")), archiving: false)
        default:
            let name = try categoryName()
            try expectWord("to")
            guard check(.number), let position = Int(peek.text), position >= 1 else {
                throw unexpected(Translation.translated("the place the category takes among those of its kind, from 1 for the first"))
            }
            return .categoryPosition(name: name, to: Located(position, advance().range))
        }
    }

    // category_list = "categories" { kind | "all" | "archived" } [ format_clause ]
    mutating func categoryList() throws(Diagnostic) -> LedgerStatement {
        var kind: Kind?
        var listing: CategoryListing?
        while true {
            if kind == nil, let given = matchKind() {
                kind = given
            } else if listing == nil, matchWord("all") {
                listing = .all
            } else if listing == nil, matchWord("archived") {
                listing = .archived
            } else if atStatementEnd || checkWord("as") {
                break
            } else {
                let words = (kind == nil ? ["expense", "income"] : []) + (listing == nil ? ["all", "archived"] : [])
                throw unexpected(words.isEmpty
                    ? Translation.translated("end of statement")
                    : Translation.translated("%s or end of statement", Parser.listing(words.map { "'\($0)'" })))
            }
        }
        return .categories(kind: kind, listing: listing ?? .inUse)
    }

    // tag_statement = "tag" "rename" ( TAG | name ) [ "to" ] ( TAG | name )
    mutating func tagStatement() throws(Diagnostic) -> LedgerStatement {
        _ = try subcommand(["rename"])
        let old = try tagName(Translation.translated("the tag to rename, such as #lunch"))
        // "to" is the new name when nothing follows it: `tag rename #a to`.
        if checkWord("to") && !check(.separator, at: 1) && !check(.end, at: 1) { advance() }
        return .tagRename(old: old, new: try tagName(Translation.translated("the tag's new name, such as #meal")))
    }

    /// One character, as an emoji is: an icon stands before a category's name in every view and table.
    mutating func icon() throws(Diagnostic) -> Located<String> {
        let icon = try name(Translation.translated("an icon, such as 🍜"))
        guard icon.value.count == 1 else { throw Diagnostic(.iconNotOneCharacter(icon.value), at: icon.range) }
        return icon
    }

    /// A tag as `#lunch` or a bare or quoted word, lower case, refused where `add` would refuse it.
    private mutating func tagName(_ expected: @autoclosure () -> String) throws(Diagnostic) -> Located<String> {
        offer([.tag])
        guard check(.tag) || check(.word) || check(.string) else { throw unexpected(expected()) }
        let token = advance()
        if let problem = TagList.problem(with: token.text) { throw Diagnostic(problem, at: token.range) }
        return Located(Names.key(token.text), token.range)
    }
}
