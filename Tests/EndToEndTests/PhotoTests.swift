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

            // Nine photos, each other bytes: the same photo goes on a bill once.
            var attaches: [String] = []
            for number in 1...9 {
                let path = sandbox.path("receipt\(number).png")
                try (Self.image + Data([UInt8(number)])).write(to: URL(fileURLWithPath: path))
                attaches += ["-c", "attach #1 \(path)"]
            }
            let nine = try await sandbox.tally(attaches)
            #expect(nine.status == 0, "\(nine)")
            let tenth = try await sandbox.tally(["-c", "attach #1 \(photo)"])
            #expect(tenth.status == 1)
            #expect(tenth.stderr.contains("#1 has 9 photos already, as many as a bill may have"), "\(tenth)")
            let listed = try await sandbox.tally(["--format", "csv", "-c", "attachments #1"])
            #expect(listed.stdout.split(separator: "\n").count == 10, "a header and nine photos: \(listed)")
        }
    }

    @Test("the same photo goes on a bill once, and on another bill as well")
    func samePhotoTwice() async throws {
        try await withSandbox { sandbox in
            let photo = sandbox.path("receipt.png")
            let copy = sandbox.path("copy.png")
            try Self.image.write(to: URL(fileURLWithPath: photo))
            try Self.image.write(to: URL(fileURLWithPath: copy))
            let other = sandbox.path("other.png")
            try (Self.image + Data([1])).write(to: URL(fileURLWithPath: other))
            _ = try await sandbox.tally(["-c", "add 25 food lunch", "-c", "add 9 drinks", "-c", "attach #1 \(other)", "-c", "attach #1 \(photo)"])

            let again = try await sandbox.tally(["-c", "attach #1 \(copy)"])
            #expect(again.status == 1)
            #expect(again.stderr.hasPrefix("error: #1 has this photo already (photo 2)\n  attach #1 \(copy)\n            ^~~"), "\(again)")
            let listed = try await sandbox.tally(["--format", "csv", "-c", "attachments #1"])
            #expect(listed.stdout.split(separator: "\n").count == 3, "a header and two photos: \(listed)")

            let elsewhere = try await sandbox.tally(["-c", "attach #2 \(copy)"])
            #expect(elsewhere.stdout == "attached photo 1 to #2: copy.png (image/png, 268 bytes)\n", "\(elsewhere)")
            let detachedThenBack = try await sandbox.tally(["-c", "detach #1 2", "-c", "attach #1 \(copy)"])
            #expect(detachedThenBack.status == 0, "\(detachedThenBack)")
        }
    }

    @Test("a photo's file may be named from the home folder, ~/")
    func homeFolder() async throws {
        try await withSandbox { sandbox in
            try Self.image.write(to: URL(fileURLWithPath: sandbox.path("r.png")))
            let attach = try await sandbox.tally(["-c", "add 25 food lunch", "-c", "attach #1 ~/r.png"])
            #expect(attach.status == 0, "\(attach)")
            #expect(attach.stdout.hasSuffix("attached photo 1 to #1: r.png (image/png, 268 bytes)\n"), "\(attach)")
        }
    }

    @Test("'where photos > 0' picks the bills that have photos, in any query")
    func photosField() async throws {
        try await withSandbox { sandbox in
            let photo = sandbox.path("receipt.png")
            try Self.image.write(to: URL(fileURLWithPath: photo))
            let run = try await sandbox.tally([
                "--format", "csv", "-c", "add 25 food lunch", "-c", "add 9 drinks", "-c", "add 3 snacks", "-c", "attach #2 \(photo)",
                "-c", "list where photos > 0", "-c", "count where photos = 0", "-c", "sum expense where photos >= 1 by category",
            ])
            #expect(run.status == 0, "\(run)")
            let lines = run.stdout.split(separator: "\n").map(String.init).suffix(6)
            #expect(Array(lines) == [
                "id,date,kind,amount,category,remark,book,place,tags", "2,2016-07-20,expense,9.00,drinks,,daily,,",
                "count", "2", "category,sum", "drinks,9.00",
            ], "\(run.stdout)")
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
