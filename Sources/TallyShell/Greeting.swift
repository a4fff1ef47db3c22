/// What the REPL says the first time, and after an upgrade.
enum Greeting {
    /// The welcome on a ledger never greeted, what is new when it last saw
    /// another version, else nothing.
    static func message(lastSeen: String?) -> String? {
        guard let lastSeen else { return welcome }
        return lastSeen == Tally.version ? nil : whatsNew
    }

    static let welcome = """
        Welcome to Tally \(Tally.version): your books, kept in the terminal.
        Try:
          -25.50 food "lunch"             an expense (+ for income)
          sum expense this month by category
          list last 7 days
        'help' shows what else there is; Tab completes; Ctrl-D leaves.
        """

    static let whatsNew = """
        What's new in Tally \(Tally.version):
          - line editing, history across sessions, and Tab completion that knows the language
          - 'add' alone asks for each field of a bill in turn
          - saved statements: save NAME STATEMENT, then type NAME; 'saved', 'forget NAME'
          - 'run FILE', a start-up script (~/.config/tally/init.tally), and 'about'
        """
}
