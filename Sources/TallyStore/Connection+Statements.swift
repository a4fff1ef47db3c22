// The ways the store runs SQL, all through the connection's prepared
// statements: to the end, row by row, or for the one value it gives; and the
// pragmas the store reads and sets.

extension Connection {
    /// Runs one statement with `values` bound to its `?`s, to the end.
    func run(_ sql: StaticString, _ values: any Bindable...) throws(StoreError) {
        let statement = try prepare(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {}
    }

    /// Runs one statement whose last `?` is `text`, UTF-8 bytes bound where
    /// they lie instead of copied: an import's undo history runs to tens of
    /// megabytes, which SQLite copies once more to write them.
    func run(_ sql: StaticString, _ values: any Bindable..., text: [UInt8]) throws(StoreError) {
        let statement = try prepare(sql)
        defer { statement.reset() }
        for (index, value) in values.enumerated() {
            try statement.bind(value, at: Int32(index + 1))
        }
        try statement.run(binding: text, at: Int32(values.count + 1))
    }

    /// Calls `body` with each row of the result, positioned on that row.
    func forEachRow(
        _ sql: StaticString, _ values: any Bindable..., body: (Statement) throws(StoreError) -> Void
    ) throws(StoreError) {
        let statement = try prepare(sql)
        // Reset even on an early exit, or the statement would keep its read lock.
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {
            try body(statement)
        }
    }

    /// The first column of the first row, or nil when there is no row.
    func integer(_ sql: StaticString) throws(StoreError) -> Int64? {
        let statement = try prepare(sql)
        defer { statement.reset() }
        return try statement.step() ? statement.int64(0) : nil
    }

    /// The first column of the first row as text, or nil when there is no row.
    func text(_ sql: StaticString) throws(StoreError) -> String? {
        let statement = try prepare(sql)
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }

    /// The schema version the migrations have reached.
    func userVersion() throws(StoreError) -> Int {
        Int(try integer("PRAGMA user_version") ?? 0)
    }

    func setUserVersion(_ version: Int) throws(StoreError) {
        // A pragma takes no bound values; an Int can't carry SQL.
        try exec(text: "PRAGMA user_version = \(version)")
    }

    /// The number in the file's header that says which program's file it is.
    func applicationID() throws(StoreError) -> Int32 {
        Int32(truncatingIfNeeded: try integer("PRAGMA application_id") ?? 0)
    }

    func setApplicationID(_ id: Int32) throws(StoreError) {
        try exec(text: "PRAGMA application_id = \(id)")
    }

    /// A number that changes whenever another connection commits to the file.
    func dataVersion() throws(StoreError) -> Int64 {
        try integer("PRAGMA data_version") ?? 0
    }
}
