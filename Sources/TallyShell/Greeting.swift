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
          - Timi's screens: timeline, pie, months, detail, show, search
          - monthly budgets (budget food 1500) and photos on bills (attach #12 receipt.jpg)
          - tables fit the terminal and end with a total; 'tally --demo' to try it all
          - several sessions may share a ledger: each change is made under its lock
        """
}
