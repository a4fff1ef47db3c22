import Foundation
import Testing

/// Photos on bills: kept in the ledger, given back byte for byte, bounded,
/// and gone and back again with their bill.
@Suite("Photos on bills")
struct PhotoTests {
    /// A small PNG-looking file with every byte value in it.
    static let image: Data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0...255).map { UInt8($0) } + [0, 13, 10, 26])

    @Test("a photo attached is extracted byte for byte, and deleting its bill and undoing brings it back")
    func roundTrip() async throws {
        try await withSandbox { sandbox in
            let original = sandbox.path("receipt.png")
            try Self.image.write(to: URL(fileURLWithPath: original))
            let attach = try await sandbox.tally(["-c", "add 25 food lunch", "-c", "attach #1 \(original)"])
            #expect(attach.stdout.hasSuffix("attached photo 1 to #1: receipt.png (image/png, 268 bytes)\n"), "\(attach)")

            let copy = sandbox.path("copy.png")
            let extract = try await sandbox.tally(["-c", "extract #1 1 \(copy)"])
            #expect(extract.stdout == "wrote photo 1 of #1 to \(copy) (268 bytes)\n", "\(extract)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Self.image)
            // A file there is replaced only with overwrite, as export and report replace one.
            try Data("mine".utf8).write(to: URL(fileURLWithPath: copy))
            let again = try await sandbox.tally(["-c", "extract #1 1 \(copy)"])
            #expect(again.status == 1)
            #expect(again.stderr.contains("'\(copy)' exists already; add 'overwrite' to replace it"), "\(again)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data("mine".utf8))
            let replaced = try await sandbox.tally(["-c", "extract #1 1 \(copy) overwrite"])
            #expect(replaced.stdout == "wrote photo 1 of #1 to \(copy) (268 bytes)\n", "\(replaced)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Self.image)

            _ = try await sandbox.tally(["-c", "delete #1"])
            let gone = try await sandbox.tally(["-c", "attachments #1"])
            #expect(gone.stderr.contains("there is no bill #1"))
            let undo = try await sandbox.tally(["--format", "csv", "-c", "undo", "-c", "attachments #1"])
            #expect(undo.stdout.contains("1,1,receipt.png,image/png,268,\(sha256Hex(Self.image))"), "\(undo)")
            let restored = sandbox.path("restored.png")
            _ = try await sandbox.tally(["-c", "extract #1 1 \(restored)"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: restored)) == Self.image)
        }
    }

    @Test("an oversize file, a file that is no image and a tenth photo are refused, and nothing is stored")
    func limits() async throws {
        try await withSandbox { sandbox in
            let big = sandbox.path("big.jpg")
            try (Data([0xFF, 0xD8, 0xFF]) + Data(count: 10 << 20)).write(to: URL(fileURLWithPath: big))
            let text = sandbox.path("notes.txt")
            try "a shopping list".write(toFile: text, atomically: true, encoding: .utf8)
            let photo = sandbox.path("receipt.png")
            try Self.image.write(to: URL(fileURLWithPath: photo))
            _ = try await sandbox.tally(["-c", "add 25 food lunch"])

            let oversize = try await sandbox.tally(["-c", "attach #1 \(big)"])
            #expect(oversize.status == 1)
            #expect(oversize.stderr.contains("has 10485763 bytes; a photo may have at most 10485760 (10 MiB)"), "\(oversize)")
            let notImage = try await sandbox.tally(["-c", "attach #1 \(text)"])
            #expect(notImage.stderr.contains("is not an image Tally knows"), "\(notImage)")

            let nine = try await sandbox.tally(Array(repeating: ["-c", "attach #1 \(photo)"], count: 9).flatMap { $0 })
            #expect(nine.status == 0, "\(nine)")
            let tenth = try await sandbox.tally(["-c", "attach #1 \(photo)"])
            #expect(tenth.status == 1)
            #expect(tenth.stderr.contains("#1 has 9 photos already, as many as a bill may have"), "\(tenth)")
            let listed = try await sandbox.tally(["--format", "csv", "-c", "attachments #1"])
            #expect(listed.stdout.split(separator: "\n").count == 10, "a header and nine photos: \(listed)")
        }
    }
}

/// The SHA-256 of `data`, as `sha256sum` prints it.
func sha256Hex(_ data: Data) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try? process.run()
    input.fileHandleForWriting.write(data)
    try? input.fileHandleForWriting.close()
    let digest = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: digest.prefix(64), as: UTF8.self)
}
