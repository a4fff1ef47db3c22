import Foundation
import Testing

/// A ledger's own import profiles, refused rows and a file's encoding, through the binary.
@Suite("Import profiles and refused rows")
struct ImportProfileEndToEndTests {
    @Test("a profile of the ledger's is picked before a built-in one for a file with its header, and undo brings a deleted one back")
    func ownProfile() async throws {
        try await withSandbox { sandbox in
            let file = sandbox.path("statement.csv")
            try "Date,Description,Amount\n2016-07-01,lunch,-25.00\n".write(toFile: file, atomically: true, encoding: .utf8)
            let other = sandbox.path("other.csv")
            try "Date,Description,Amount\n2016-07-02,dinner,-30.00\n".write(toFile: other, atomically: true, encoding: .utf8)
            let picked = try await sandbox.tally([
                "-c", "profile add mybank columns (date=Date, remark=Description, amount=Amount) set category=food", "-c", "import \(file)",
            ])
            #expect(picked.stdout == "saved import profile 'mybank'; import FILE with mybank uses it\nimported 1 bill from \(file) (read as mybank)\n",
                    "\(picked)")
            let deleted = try await sandbox.tally(["-c", "profile delete mybank", "-c", "import \(other) with mybank"])
            #expect(deleted.status == 1)
            #expect(deleted.stdout == "deleted import profile 'mybank'\n", "\(deleted)")
            #expect(deleted.stderr.hasPrefix("error: unknown import profile 'mybank' — did you mean 'bank'?\n"), "\(deleted)")
            let undone = try await sandbox.tally(["-c", "undo", "-c", "import \(other) with mybank", "-c", "count where category = food"])
            #expect(undone.stdout == "undid: deleted import profile 'mybank' (from an earlier session: 'profile delete mybank')\n"
                + "imported 1 bill from \(other) (read as mybank)\n2\n", "\(undone)")
        }
    }

    @Test("each refused row is told as FILE:LINE: reason, and nothing of the file is written")
    func refusedRows() async throws {
        try await withSandbox { sandbox in
            let made = try await sandbox.tally(["-c", "-5 food x"])
            #expect(made.status == 0, "\(made)")
            let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.ledger))
            let file = sandbox.path("bad.csv")
            try "date,amount,category\n2016-07-01,5,food\n2016-07-02,x,food\n2016-07-03,5,fod\n".write(toFile: file, atomically: true, encoding: .utf8)
            let run = try await sandbox.tally(["-c", "import \(file)"])
            #expect(run.status == 1)
            let lines = run.stderr.split(separator: "\n").map(String.init)
            #expect(lines.first == "error: 2 of 3 rows can't be imported, so nothing was imported", "\(run)")
            #expect(Array(lines.suffix(2)) == ["\(file):3: 'x' is not an amount", "\(file):4: unknown category 'fod' — did you mean 'food'?"], "\(run)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.ledger)) == before)
            let count = try await sandbox.tally(["-c", "count"])
            #expect(count.stdout == "1\n", "\(count)")
        }
    }

    @Test("a file not in UTF-8 is refused at the line that is not, and read in the encoding the import names")
    func encoding() async throws {
        try await withSandbox { sandbox in
            let file = sandbox.path("gbk.csv")
            let gbk = Array("date,amount,category,remark\n2016-07-01,5,food,ok\n2016-07-02,6,food,".utf8) + [0xCE, 0xE7, 0xB7, 0xB9, 0x0A]
            try Data(gbk).write(to: URL(fileURLWithPath: file))
            let refused = try await sandbox.tally(["-c", "import \(file)"])
            #expect(refused.status == 1)
            #expect(refused.stderr.hasPrefix("error: \(file):3: this line is not UTF-8; say the file's encoding, such as encoding gbk "
                + "or encoding utf-16; nothing was imported\n"), "\(refused)")
            let read = try await sandbox.tally(["-c", "import \(file) encoding gbk", "-c", "list where remark = 午饭 as csv"])
            #expect(read.stdout.hasPrefix("imported 2 bills from \(file)\nid,date,kind,amount,category,remark,book,place,tags\n2,2016-07-02,expense,6.00,food,午饭,"),
                    "\(read)")
        }
    }
}
