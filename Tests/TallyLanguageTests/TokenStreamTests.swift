import Testing
@testable import TallyLanguage

@Suite("Token stream: a script lexed as it is parsed")
struct TokenStreamTests {
    static let scripts = [
        "",
        "count",
        "\n\n;;\n",
        "add 25 food lunch on 2016-07-18\nsum expense where category=food in 2016-07; count\n",
        "list where remark ~ \"caf\u{E9} au lait\" top 3\n-- a comment\n\n25元 food; ¥12.50 transport taxi\nundo",
        "sum by categry; count\nadd -5 food\n\"unterminated\nredo\n#42 #travel (a, b) != 3 >= 2",
        String(repeating: "add 1.50 food back 7 on 2015-03-04\n", count: 300) + "count",
    ]

    @Test("walked as the parser walks it, the stream holds the text's tokens, however far it looks", arguments: scripts)
    func holdsTheTextsTokens(script: String) {
        let all = Lexer.tokens(script)
        var stream = TokenStream(characters: Lexer.characters(of: script))
        var position = 0
        var atStatementStart = true
        while true {
            if atStatementStart { stream.beginStatement(at: position) }
            for distance in 0...TokenStream.lookahead {
                #expect(stream.has(position + distance) == (position + distance < all.count))
                if position + distance < all.count { #expect(stream[position + distance] == all[position + distance]) }
            }
            for distance in stride(from: 1, through: min(TokenStream.lookbehind, position), by: 1) {
                #expect(stream[position - distance] == all[position - distance])
            }
            guard all[position].kind != .end else { break }
            atStatementStart = all[position].kind == .separator
            position += 1
            stream.keepAhead(of: position)
        }
    }

    @Test("a long script's statements are read one after another, each where it stands")
    func longScriptReadsAsItsLines() throws {
        let lines = (0..<2_000).map { number in
            number % 7 == 3 ? "sum expense where category = food in 2016-\(number % 12 + 1)" : "add \(number % 400 + 1).50 food back \(number) on 2015-03-04"
        }
        var parser = Parser(lines.joined(separator: "\n") + "\n")
        var read: [ParsedStatement] = []
        while let result = parser.next() { read.append(try result.get()) }
        #expect(read.count == lines.count)
        for (number, (parsed, line)) in zip(read, lines).enumerated() {
            #expect(parsed.text == line)
            #expect(parsed.range.start.line == number + 1)
            #expect(parsed.range.start.column == 1)
        }
    }
}
