import Glibc
import TallyCore

/// A large ledger's bills, in day order, as columns in a file beside it
/// (`LEDGER-columns`): a query over all time reads them in a few large reads
/// instead of stepping through a million rows.
///
/// It is never trusted beyond what it proves. The file names the
/// `bills_generation` it was made at, a random number that a trigger in the
/// ledger draws anew whenever any program inserts, changes or deletes a bill
/// through SQL, inside that program's transaction (and every migration draws
/// it too); it is read only when that number is the ledger's own in the very
/// transaction that reads the rest of the ledger, and the triggers are as they
/// were when the ledger was opened. A program that writes a bill's bytes through
/// SQLite's blob handles, or with triggers turned off, passes no trigger:
/// delete the file after such a write. Each part carries a checksum and the
/// file its exact length, so a file cut short or damaged is made again,
/// never read; what it holds is checked as the file's bills are (each bill
/// once, each naming a book and a category the ledger has). It is written
/// whole to an unnamed file, flushed to the disk, and only then given its
/// name, so a process killed while making it leaves the old one or none.
struct ColumnsSnapshot {
    let path: String

    init(ledger: String) {
        path = ledger + "-columns"
    }

    private static let magic: UInt64 = 0x3153_4C4F_4359_4C54  // "TLYCOLS1" read as little-endian bytes
    /// Of a file that keeps the bills' numbers alone, as a query that reads no text made it.
    private static let numbersMagic: UInt64 = 0x314E_4C4F_4359_4C54  // "TLYCOLN1"
    /// Magic, generation, bills, texts, tag lists, then a length and a checksum for each part.
    private static let headerWords = 5 + 2 * Part.allCases.count

    /// In the order the file keeps them: the numbers a read without texts needs come first.
    private enum Part: Int, CaseIterable {
        case ids, days, amounts, categoryIDs, bookIDs, accountIDs
        case remarks, places, tags, created, updated, textLengths, textBytes, keyLengths, keyBytes
    }

    /// The bills as the file keeps them, when it was made at `generation`
    /// and is whole; without `texts`, their numbers alone, which is all a
    /// file made of bills read without their texts holds. A file larger than
    /// `atMost` bytes is not read: no ledger makes one, and a damaged or
    /// hostile one must not make Tally ask for the memory it names.
    func read(generation: Int64, texts: Bool, atMost limit: Int) -> BillColumns? {
        // Never a link, nor a fifo whose open would wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
              status.st_size <= limit else { return nil }
        let size = Int(status.st_size)
        var header = [UInt64](repeating: 0, count: Self.headerWords)
        guard header.withUnsafeMutableBytes({ Self.read(into: $0, from: descriptor, at: 0) }),
              header[0] == Self.magic || header[0] == Self.numbersMagic, Int64(bitPattern: header[1]) == generation,
              !texts || header[0] == Self.magic else { return nil }
        // Each count and length within the file's size, so that no sum or product below overflows.
        let sizes = [2, 3, 4] + Part.allCases.map { 5 + 2 * $0.rawValue }
        guard sizes.allSatisfy({ header[$0] <= UInt64(size) }) else { return nil }
        let (bills, textCount, keyCount) = (Int(header[2]), Int(header[3]), Int(header[4]))
        let lengths = Part.allCases.map { Int(header[5 + 2 * $0.rawValue]) }
        var place = Self.headerWords * 8
        var offsets: [Int] = []
        for length in lengths {
            offsets.append(place)
            place += length
        }
        guard size == place else { return nil }

        let layout = Layout(descriptor: descriptor, offsets: offsets, lengths: lengths, header: header)
        // Half the numbers read on the other core: the copying and the pages it fills are most of the time.
        let others = Background { (layout.part(.categoryIDs, count: bills, as: Int64.self), layout.part(.bookIDs, count: bills, as: Int64.self),
                                   layout.part(.accountIDs, count: bills, as: Int64.self)) }
        let (ids, days, amounts) = (layout.part(.ids, count: bills, as: Int64.self), layout.part(.days, count: bills, as: Int32.self),
                                    layout.part(.amounts, count: bills, as: Int64.self))
        // Waited for whatever this core found: the descriptor it reads is closed on return.
        let read = others.wait()
        guard let ids, let days, let amounts, case let (categoryIDs?, bookIDs?, accountIDs?) = read else { return nil }
        var parts = BillColumns.Parts(ids: ids, days: days, amounts: amounts, categoryIDs: categoryIDs, bookIDs: bookIDs, accountIDs: accountIDs)
        guard texts else { return BillColumns(parts: parts, texts: false) }
        guard let remarks = layout.part(.remarks, count: bills, as: Int32.self), let places = layout.part(.places, count: bills, as: Int32.self),
              let tags = layout.part(.tags, count: bills, as: Int32.self), let created = layout.part(.created, count: bills, as: Int64.self),
              let updated = layout.part(.updated, count: bills, as: Int64.self),
              let textLengths = layout.part(.textLengths, count: textCount, as: Int32.self),
              let textBytes = layout.part(.textBytes, count: lengths[Part.textBytes.rawValue], as: UInt8.self),
              let keyLengths = layout.part(.keyLengths, count: keyCount, as: Int32.self),
              let keyBytes = layout.part(.keyBytes, count: lengths[Part.keyBytes.rawValue], as: UInt8.self),
              let textList = Self.texts(textBytes, lengths: textLengths), let keyList = Self.texts(keyBytes, lengths: keyLengths)
        else { return nil }
        (parts.remarks, parts.places, parts.tags, parts.created, parts.updated) = (remarks, places, tags, created, updated)
        (parts.texts, parts.tagListKeys) = (textList, keyList)
        return BillColumns(parts: parts, texts: true)
    }

    /// Keeps `columns`, read whole at `generation`, in place of whatever the
    /// file held. Where the file cannot be made, there is none: reads then go
    /// to the ledger, as they would without it. False when a file written
    /// whole could not be named, as where the system shows no `/proc`:
    /// writing it again would only repeat the work.
    @discardableResult
    func write(_ columns: BillColumns, generation: Int64) -> Bool {
        // Asked first, before a hundred megabytes are written for nothing.
        guard holdsNothingElse else { return true }
        let parts = columns.parts
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        // Unnamed until whole: a kill part way leaves nothing behind.
        let descriptor = open(folder.isEmpty ? "/" : folder, Self.unnamedFile | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        var header: [UInt64] = [columns.hasTexts ? Self.magic : Self.numbersMagic, UInt64(bitPattern: generation), UInt64(parts.ids.count), UInt64(parts.texts.count), UInt64(parts.tagListKeys.count)]
        var written = true
        var offset = Self.headerWords * 8
        func emit<Element>(_ elements: [Element]) {
            elements.withUnsafeBytes { bytes in
                header += [UInt64(bytes.count), Self.checksum(bytes)]
                written = written && Self.write(bytes, to: descriptor, at: offset)
                offset += bytes.count
            }
        }
        emit(parts.ids)
        emit(parts.days)
        emit(parts.amounts)
        emit(parts.categoryIDs)
        emit(parts.bookIDs)
        emit(parts.accountIDs)
        emit(parts.remarks)
        emit(parts.places)
        emit(parts.tags)
        emit(parts.created)
        emit(parts.updated)
        emit(parts.texts.map { Int32($0.utf8.count) })
        emit(parts.texts.flatMap(\.utf8))
        emit(parts.tagListKeys.map { Int32($0.utf8.count) })
        emit(parts.tagListKeys.flatMap(\.utf8))
        guard written, header.withUnsafeBytes({ Self.write($0, to: descriptor, at: 0) }), fsync(descriptor) == 0,
              holdsNothingElse else { return true }
        unlink(path)
        // Another process that named its own meanwhile keeps it: it is as good.
        return linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 || errno == EEXIST
    }

    /// Whether the name is free or holds a snapshot, or an empty file: a file
    /// of the user's own that happens to have it is never replaced.
    private var holdsNothingElse: Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT }
        guard status.st_mode & S_IFMT == S_IFREG else { return false }
        if status.st_size == 0 { return true }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var magic: UInt64 = 0
        let whole = withUnsafeMutableBytes(of: &magic) { Self.read(into: $0, from: descriptor, at: 0) }
        return whole && (magic == Self.magic || magic == Self.numbersMagic)
    }

    /// `O_TMPFILE`, which Swift does not import: a file in the folder that has no name.
    private static let unnamedFile: Int32 = 0o20_000_000 | O_DIRECTORY

    private static func texts(_ bytes: [UInt8], lengths: [Int32]) -> [String]? {
        var texts: [String] = []
        texts.reserveCapacity(lengths.count)
        var start = 0
        for length in lengths {
            let end = start + Int(length)
            guard length >= 0, end <= bytes.count else { return nil }
            guard let text = String(validating: bytes[start..<end], as: UTF8.self) else { return nil }
            texts.append(text)
            start = end
        }
        return start == bytes.count ? texts : nil
    }

    /// Four lanes, each word mixed in by an exclusive or and a multiply by
    /// an odd number: each step is one to one, so a part that differs in any
    /// one word always sums differently, and a part of a hundred megabytes is
    /// checked about as fast as it is read.
    private static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, UInt64(bytes.count))
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        let words = bytes.count / 8
        var index = 0
        while index + 4 <= words {
            lanes.0 = (lanes.0 ^ bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* prime
            lanes.1 = (lanes.1 ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 8, as: UInt64.self)) &* prime
            lanes.2 = (lanes.2 ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 16, as: UInt64.self)) &* prime
            lanes.3 = (lanes.3 ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 24, as: UInt64.self)) &* prime
            index += 4
        }
        for offset in (index * 8)..<bytes.count { lanes.0 = (lanes.0 ^ (UInt64(bytes[offset]) | 0x100)) &* prime }
        var sum = lanes.0
        for lane in [lanes.1, lanes.2, lanes.3] {
            sum ^= sum >> 29
            sum = (sum ^ lane) &* prime
        }
        return sum
    }

    /// Where each part lies in an open file, and the checksum it must have.
    private struct Layout: Sendable {
        let descriptor: Int32
        let offsets: [Int]
        let lengths: [Int]
        let header: [UInt64]

        /// The part's `count` elements, when it holds that many and they are as its checksum says.
        func part<Element: FixedWidthInteger>(_ part: Part, count: Int, as: Element.Type) -> [Element]? {
            guard count >= 0, lengths[part.rawValue] == count * MemoryLayout<Element>.size else { return nil }
            var whole = false
            let elements = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
                whole = ColumnsSnapshot.read(into: UnsafeMutableRawBufferPointer(buffer), from: descriptor, at: offsets[part.rawValue])
                initialized = whole ? count : 0
            }
            guard whole, elements.withUnsafeBytes(ColumnsSnapshot.checksum) == header[6 + 2 * part.rawValue] else { return nil }
            return elements
        }
    }

    /// Fills `buffer` from `offset` on; false when the file ends first or cannot be read.
    private static func read(into buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32, at offset: Int) -> Bool {
        askHugePages(for: buffer)
        return whole(buffer.count) { done in pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done)) }
    }

    /// A column of a million bills is tens of thousands of pages, each
    /// faulted in by the read that fills it; in pages of two megabytes the
    /// kernel does a five-hundredth of that work. Only a hint: where the
    /// system keeps no such pages, nothing changes.
    private static func askHugePages(for buffer: UnsafeMutableRawBufferPointer) {
        let huge = 2 << 20
        guard buffer.count >= 2 * huge, let base = buffer.baseAddress else { return }
        let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        madvise(aligned, end - start, MADV_HUGEPAGE)
    }

    private static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int) -> Bool {
        whole(buffer.count) { done in pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done)) }
    }

    /// Calls `step` with the bytes moved so far until `count` are, as a read or
    /// write may move fewer than asked; false when one moves none or fails.
    private static func whole(_ count: Int, _ step: (Int) -> Int) -> Bool {
        var done = 0
        while done < count {
            let moved = step(done)
            if moved < 0 && errno == EINTR { continue }
            guard moved > 0 else { return false }
            done += moved
        }
        return true
    }
}
