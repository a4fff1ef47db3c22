#if canImport(Glibc)
import Glibc
#endif

extension posix_spawnattr_t {
    /// Has the child start as it would from a shell, with no signal blocked
    /// and each handled by default, whatever this process blocks, ignores or
    /// catches; `flags` are more of posix_spawn's flags to set.
    public mutating func startWithDefaultSignals(flags: Int16 = 0) {
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigmask(&self, &noSignals)
        posix_spawnattr_setsigdefault(&self, &everySignal)
        posix_spawnattr_setflags(&self, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | flags)
    }
}
