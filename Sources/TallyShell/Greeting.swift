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
        To try every view on two years of sample bills first, run 'tally --demo'.
        """

    static let whatsNew = """
        What's new in Tally \(Tally.version):
          - import bills from CSV, all or nothing and never twice (import bank.csv)
          - export to CSV, JSON, hledger/ledger and beancount (export 2016.journal in 2016)
          - 'list as csv' has the columns import reads; see 'help import'
        """
}
