import Testing
import TallyCore
import TallyStore

@Suite("Bill ids are never reused")
struct BillIDTests {
    @Test func theIdOfADeletedBillIsNotGivenAgainAfterReopening() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            for id in Int64(1)...3 {
                try store.commit(adding(bill(id)))
            }
            try store.commit(
                ChangeSet(
                    summary: "deleted #2 #3",
                    rows: [remove(.bill(bill(3))), remove(.bill(bill(2)))]))

            let ledger = try LedgerStore(path: path, seed: .english).load()

            #expect(ledger.bills.map(\.id) == [1])
            #expect(ledger.lastBillID == 3)
            #expect(ledger.nextBillID == 4)
        }
    }

    @Test func anUndoneAddStillUsesUpItsId() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ledger.db"
            let store = try LedgerStore(path: path, seed: .english)
            try store.commit(adding(bill(1)))
            _ = try store.undo()

            let ledger = try LedgerStore(path: path, seed: .english).load()

            #expect(ledger.bills.isEmpty)
            #expect(ledger.nextBillID == 2)
        }
    }
}
