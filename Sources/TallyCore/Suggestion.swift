/// "Did you mean …?": the candidate nearest to a mistyped word.
public enum Suggestion {
    /// The closest candidate within a distance that still looks like a typo
    /// (about a third of the word), or nil when nothing is close.
    public static func nearest(to word: String, among candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        let limit = max(1, target.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased())
            // At least the difference in length: a far longer word needs no table to rule it out.
            guard abs(other.count - target.count) <= limit else { continue }
            let distance = editDistance(target, other)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        if best == nil, target.count >= 3 {
            // A prefix is a likely intent even when far in edits: `tran` → `transport`.
            return candidates.first { $0.lowercased().hasPrefix(word.lowercased()) }
        }
        return best?.name
    }

    /// Levenshtein distance, with a swap of neighbours counting as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
