import TallyCore

/// A posting as a reader has it before its transaction is balanced, with
/// where its account begins, for an error about it.
struct DraftPosting {
    var posting: PeerPosting
    var column: Int
    /// hledger's balance assignment: no amount, but an assertion, which the
    /// amount is to make true of a balance this reader does not keep.
    var isAssignment = false
    /// hledger's `=*`: the assertion is of the account with its subaccounts.
    var includesSubaccounts = false
}

/// Filling in the one amount a transaction leaves out, and checking that the
/// rest add up to nothing, commodity by commodity: the same for journals and
/// beancount, but for how near nothing is near enough.
enum PeerBalancing {
    enum Tolerance {
        /// hledger and ledger: exactly zero.
        case exact
        /// Beancount: within half the last digit of the least precise amount
        /// in that currency (`0.005` beside `25.00 USD`); integers exactly.
        case halfLastDigit
    }

    static func balance(_ postings: inout [DraftPosting], line: Int, tolerance: Tolerance) throws(PeerJournalError) {
        for kind in [PeerPostingKind.real, .balancedVirtual] {
            let group = postings.indices.filter { postings[$0].posting.kind == kind }
            let elided = group.filter { postings[$0].posting.amount == nil }
            let unasserted = elided.filter { !postings[$0].isAssignment }
            if unasserted.count > 1 {
                let second = postings[unasserted[1]]
                throw PeerJournalError(
                    line: second.posting.line, column: second.column,
                    message: Translation.translated("only one posting may leave out its amount, and the one on line %d does", postings[unasserted[0]].posting.line))
            }
            // Beside a balance assignment, the amount left out depends on the balance too: neither is known.
            if elided.count > 1 { continue }
            let weights = group.filter { !elided.contains($0) }.map { postings[$0].posting.weight }
            if let missing = elided.first {
                // A cost the file gives no figure for (beancount's `{}`) leaves it unknown.
                let known = weights.compactMap { $0 }
                guard known.count == weights.count else { continue }
                let sums = try PeerSums(known, line: line)
                let nonzero = sums.totals.filter { $0.units != 0 }
                if nonzero.count > 1 {
                    throw PeerJournalError(
                        line: postings[missing].posting.line, column: postings[missing].column,
                        message: Translation.translated("the amount left out cannot be worked out: the other postings add up to %s", PeerBalancing.listed(nonzero)))
                }
                var inferred = nonzero.first ?? (sums.totals.count == 1 ? sums.totals[0] : PeerAmount(units: 0, scale: 0, commodity: ""))
                inferred.units = -inferred.units
                postings[missing].posting.amount = inferred
                postings[missing].posting.weight = inferred
                postings[missing].posting.inferred = true
            } else if !group.contains(where: { postings[$0].posting.hasCostOrPrice }) {
                let amounts = weights.compactMap { $0 }
                let sums = try PeerSums(amounts, line: line)
                let off = sums.totals.filter { !PeerBalancing.isNearZero($0, beside: amounts, tolerance) }
                if !off.isEmpty {
                    let message = kind == .real
                        ? Translation.translated("the transaction does not balance: its postings add up to %s", PeerBalancing.listed(off))
                        : Translation.translated("the transaction does not balance: its bracketed postings add up to %s", PeerBalancing.listed(off))
                    throw PeerJournalError(line: line, column: 1, message: message)
                }
            }
        }
    }

    /// `25.00 USD and -3 EUR`: totals as a message lists them.
    private static func listed(_ totals: [PeerAmount]) -> String {
        totals.map(\.text).joined(separator: Translation.translated(" and "))
    }

    private static func isNearZero(_ total: PeerAmount, beside amounts: [PeerAmount], _ tolerance: Tolerance) -> Bool {
        guard total.units != 0 else { return true }
        guard case .halfLastDigit = tolerance,
              let coarsest = amounts.filter({ $0.commodity == total.commodity && $0.scale > 0 }).map(\.scale).min() else { return false }
        // Half of 10^-coarsest is 5 at scale coarsest + 1.
        let scale = max(total.scale, coarsest + 1)
        guard let residual = PeerSums.rescale(total.units.magnitude, from: total.scale, to: scale),
              let half = PeerSums.rescale(5, from: coarsest + 1, to: scale) else { return false }
        return residual <= half
    }
}

/// Exact totals per commodity, in the order the commodities first appear.
struct PeerSums {
    private(set) var totals: [PeerAmount] = []

    init(_ amounts: [PeerAmount], line: Int) throws(PeerJournalError) {
        for amount in amounts {
            guard add(amount) else {
                throw PeerJournalError(line: line, column: 1, message: Translation.translated("the amounts of this transaction are too large to add up exactly"))
            }
        }
    }

    private mutating func add(_ amount: PeerAmount) -> Bool {
        guard let index = totals.firstIndex(where: { $0.commodity == amount.commodity }) else {
            totals.append(amount)
            return true
        }
        let total = totals[index]
        let scale = max(total.scale, amount.scale)
        guard let left = PeerSums.rescale(total.units, from: total.scale, to: scale),
              let right = PeerSums.rescale(amount.units, from: amount.scale, to: scale) else { return false }
        let (sum, overflow) = left.addingReportingOverflow(right)
        if overflow { return false }
        totals[index] = PeerAmount(units: sum, scale: scale, commodity: total.commodity)
        return true
    }

    /// `units` at scale `from` as units at the larger scale `to`, or nil where that overflows.
    static func rescale<Number: FixedWidthInteger>(_ units: Number, from: Int, to: Int) -> Number? {
        var result = units
        for _ in from..<max(from, to) {
            let (next, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            result = next
        }
        return result
    }
}

extension PeerAmount {
    /// What `self` units cost at `price` each: `10 AAPL` at `$5` is `$50`.
    func times(_ price: PeerAmount) -> PeerAmount? {
        let (product, overflow) = units.multipliedReportingOverflow(by: price.units)
        return overflow ? nil : PeerAmount(units: product, scale: scale + price.scale, commodity: price.commodity)
    }

    /// A total price or cost, signed as `self` is: selling `-10 AAPL @@ $50` brings in `-$50` of weight.
    func signing(_ total: PeerAmount) -> PeerAmount {
        var signed = total
        signed.units = units < 0 ? -abs(total.units) : abs(total.units)
        return signed
    }
}
