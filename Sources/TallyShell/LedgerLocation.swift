/// Where the ledger lives when no `--db` is given.
public enum LedgerLocation {
    /// `$TALLY_DB`, else `$XDG_DATA_HOME/tally/ledger.db`, else `~/.local/share/tally/ledger.db`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let path = environment["TALLY_DB"], !path.isEmpty { return path }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/tally/ledger.db" }
        return (environment["HOME"] ?? ".") + "/.local/share/tally/ledger.db"
    }

    /// `$XDG_CONFIG_HOME/tally/init.tally`, else `~/.config/tally/init.tally`: run when the REPL starts.
    public static func startupScript(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty { return config + "/tally/init.tally" }
        return (environment["HOME"] ?? ".") + "/.config/tally/init.tally"
    }
}
