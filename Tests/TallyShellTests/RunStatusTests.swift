import Testing
@testable import TallyShell

/// The one rule every loop over statements follows, and the exit status it leads to.
@Suite struct RunStatusTests {
    @Test func aFailedStatementStopsARunUnlessItKeepsGoing() {
        #expect(RunStatus.statementFailed.stops(keepingGoing: false))
        #expect(!RunStatus.statementFailed.stops(keepingGoing: true))
        #expect(!RunStatus.success.stops(keepingGoing: false))
    }

    @Test func theStoreOrTheOutputFailingAlwaysStops() {
        for status in [RunStatus.storeFailed, .outputFailed] {
            #expect(status.stops(keepingGoing: true))
        }
    }

    @Test func exitCodes() {
        #expect([RunStatus.success, .statementFailed, .outputFailed, .storeFailed].map(\.exitCode) == [0, 1, 1, 3])
    }
}
