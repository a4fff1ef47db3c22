import Testing
@testable import TallyLanguage

@Suite("Lexer: token kinds")
struct LexerTokenTests {
    @Test(arguments: [
        ("food", TokenKind.word, "food"),
        ("SUM", .word, "SUM"),
        ("food_2", .word, "food_2"),
        ("25", .number, "25"),
        ("25.5", .number, "25.5"),
        ("25.50", .number, "25.50"),
        ("\"lunch with team\"", .string, "lunch with team"),
        ("'lunch'", .string, "lunch"),
        ("#42", .billID, "42"),
        ("#travel", .tag, "travel"),
        ("=", .equal, "="),
        ("!=", .notEqual, "!="),
        ("<", .less, "<"),
        ("<=", .lessEqual, "<="),
        (">", .greater, ">"),
        (">=", .greaterEqual, ">="),
        ("~", .contains, "~"),
        ("!~", .notContains, "!~"),
        ("(", .leftParen, "("),
        (")", .rightParen, ")"),
        (",", .comma, ","),
        ("+", .plus, "+"),
        ("-", .minus, "-"),
        (";", .separator, ";"),
        ("\n", .separator, "\n"),
    ])
    func singleToken(text: String, kind: TokenKind, value: String) {
        let tokens = Lexer.tokens(text)
        #expect(tokens.map(\.kind) == [kind, .end])
        #expect(tokens.first?.text == value)
        #expect(tokens.first.map { Span($0.range) } == Span(1, 1, text == "\n" ? 1 : text.count + 1))
    }

    @Test func emptyInputIsJustTheEnd() {
        let tokens = Lexer.tokens("")
        #expect(tokens.map(\.kind) == [.end])
        #expect(Span(tokens[0].range) == Span(1, 1, 1))
    }

    @Test func blanksSeparateTokensButAreNotTokens() {
        #expect(Lexer.tokens(" \t sum \t expense  ").map(\.kind) == [.word, .word, .end])
    }

    @Test func operatorsNeedNoSpaces() {
        let tokens = Lexer.tokens("amount>=25.5")
        #expect(tokens.map(\.kind) == [.word, .greaterEqual, .number, .end])
        #expect(tokens.map(\.text) == ["amount", ">=", "25.5", ""])
    }

    @Test func aDateIsThreeNumbersAndTwoMinuses() {
        let tokens = Lexer.tokens("2016-07-01")
        #expect(tokens.map(\.kind) == [.number, .minus, .number, .minus, .number, .end])
        #expect(tokens.map(\.text) == ["2016", "-", "07", "-", "01", ""])
    }

    @Test func quarterAndWeekSuffixesAreWords() {
        #expect(Lexer.tokens("2016-q3").map(\.kind) == [.number, .minus, .word, .end])
        #expect(Lexer.tokens("2016-W27").map(\.text) == ["2016", "-", "W27", ""])
    }

    @Test func calculatorAmountIsNumbersAndSigns() {
        #expect(Lexer.tokens("12+8.5-3").map(\.kind) == [.number, .plus, .number, .minus, .number, .end])
    }

    @Test(arguments: [
        ("#42", TokenKind.billID, "42"),
        ("#007", .billID, "007"),
        ("#travel", .tag, "travel"),
        ("#42abc", .tag, "42abc"),
        ("#旅行", .tag, "旅行"),
        ("#🍜", .tag, "🍜"),
        ("#Work", .tag, "Work"),
    ])
    func hashIsABillIDOnlyWhenAllDigits(text: String, kind: TokenKind, value: String) {
        let tokens = Lexer.tokens(text)
        #expect(tokens.map(\.kind) == [kind, .end])
        #expect(tokens[0].text == value)
    }

    @Test func aNumberStopsAtAPointWithoutDigits() {
        let tokens = Lexer.tokens("25.")
        #expect(tokens.map(\.kind) == [.number, .error, .end])
        #expect(tokens[0].text == "25")
    }

    @Test(arguments: ["7eleven", "1e5", "3M", "25.5kg", "2016q3"])
    func digitsRunningIntoLettersMakeAWord(text: String) {
        let tokens = Lexer.tokens(text)
        #expect(tokens.map(\.kind) == [.word, .end])
        #expect(tokens[0].text == text)
    }

    @Test func keywordsMatchInAnyCase() {
        let token = Lexer.tokens("ExPeNsE")[0]
        #expect(token.isWord("expense"))
        #expect(!token.isWord("income"))
        #expect(!Lexer.tokens("\"expense\"")[0].isWord("expense"))
    }

    @Test(arguments: [
        ("\"a\\\"b\"", "a\"b"),
        ("'it\\'s'", "it's"),
        ("\"back\\\\slash\"", "back\\slash"),
        ("\"two\\nlines\"", "two\nlines"),
        ("\"tab\\there\"", "tab\there"),
        ("'say \"hi\"'", "say \"hi\""),
        ("\"it's\"", "it's"),
        ("\"\"", ""),
        ("\"餐饮 🍜\"", "餐饮 🍜"),
        ("\"-- not a comment\"", "-- not a comment"),
        ("\"a;b\"", "a;b"),
    ])
    func stringsDecodeEscapes(text: String, value: String) {
        let tokens = Lexer.tokens(text)
        #expect(tokens.map(\.kind) == [.string, .end])
        #expect(tokens[0].text == value)
        #expect(Span(tokens[0].range) == Span(1, 1, text.count + 1))
    }
}

@Suite("Lexer: words in any script")
struct LexerUnicodeTests {
    @Test func chineseEmojiAndAccentsAreWords() {
        let tokens = Lexer.tokens("餐饮 🍜 #旅行 café ☕")
        #expect(tokens.map(\.kind) == [.word, .word, .tag, .word, .word, .end])
        #expect(tokens.map(\.text) == ["餐饮", "🍜", "旅行", "café", "☕", ""])
        #expect(tokens.map { Span($0.range) } == [
            Span(1, 1, 3), Span(1, 4, 5), Span(1, 6, 9), Span(1, 10, 14), Span(1, 15, 16), Span(1, 16, 16),
        ])
    }

    @Test func aWordMixingScriptsIsOneWord() {
        let tokens = Lexer.tokens("用餐food🍜2")
        #expect(tokens.map(\.kind) == [.word, .end])
        #expect(tokens[0].text == "用餐food🍜2")
    }

    @Test func columnsCountCharactersNotBytes() {
        let tokens = Lexer.tokens("add 25 用餐 \"午饭\" #工作")
        #expect(tokens.map { Span($0.range) } == [
            Span(1, 1, 4), Span(1, 5, 7), Span(1, 8, 10), Span(1, 11, 15), Span(1, 16, 19), Span(1, 19, 19),
        ])
    }
}

@Suite("Lexer: lines, positions, separators, comments")
struct LexerLayoutTests {
    @Test func positionsCountLinesAndColumnsFromOne() {
        let tokens = Lexer.tokens("sum expense\n  where amount>=25.5")
        #expect(tokens.map(\.kind) == [.word, .word, .separator, .word, .word, .greaterEqual, .number, .end])
        #expect(tokens.map { $0.range.start.line } == [1, 1, 1, 2, 2, 2, 2, 2])
        #expect(tokens.map { $0.range.start.column } == [1, 5, 12, 3, 9, 15, 17, 21])
        #expect(tokens.map { $0.range.end.column } == [4, 12, 1, 8, 15, 17, 21, 21])
        #expect(tokens.map { $0.range.start.offset } == [0, 4, 11, 14, 20, 26, 28, 32])
    }

    @Test func crlfIsOneLineBreak() {
        let tokens = Lexer.tokens("sum\r\ncount")
        #expect(tokens.map(\.kind) == [.word, .separator, .word, .end])
        #expect(tokens[1].text == "\n")
        #expect(Span(tokens[2].range) == Span(2, 1, 6))
    }

    @Test func semicolonsAndLineBreaksSeparate() {
        let tokens = Lexer.tokens("sum; count;undo\nredo")
        #expect(tokens.map(\.kind) == [.word, .separator, .word, .separator, .word, .separator, .word, .end])
        #expect(tokens.filter { $0.kind == .separator }.map(\.text) == [";", ";", "\n"])
    }

    @Test func commentsRunToTheEndOfTheLine() {
        let tokens = Lexer.tokens("sum -- all of it; count\ncount -- more")
        #expect(tokens.map(\.kind) == [.word, .separator, .word, .end])
        #expect(tokens.map(\.text) == ["sum", "\n", "count", ""])
        #expect(tokens[2].range.start.line == 2)
    }

    @Test func aCommentAloneIsNothing() {
        #expect(Lexer.tokens("-- nothing here").map(\.kind) == [.end])
    }

    @Test func oneMinusIsNotAComment() {
        #expect(Lexer.tokens("-25 food -- lunch").map(\.kind) == [.minus, .number, .word, .end])
    }

    @Test func backslashAtLineEndContinuesTheLine() {
        let tokens = Lexer.tokens("sum expense \\\n  in 2016")
        #expect(tokens.map(\.kind) == [.word, .word, .word, .number, .end])
        #expect(Span(tokens[2].range) == Span(2, 3, 5))
        #expect(Span(tokens[3].range) == Span(2, 6, 10))
    }

    @Test func blanksMayFollowTheContinuingBackslash() {
        #expect(Lexer.tokens("sum \\  \t\ncount").map(\.kind) == [.word, .word, .end])
        #expect(Lexer.tokens("sum \\  \r\ncount").map(\.kind) == [.word, .word, .end])
    }

    @Test func continuationsChain() {
        let tokens = Lexer.tokens("sum \\\nexpense \\\nin 2016\ncount")
        #expect(tokens.map(\.kind) == [.word, .word, .word, .number, .separator, .word, .end])
        #expect(tokens[5].range.start.line == 4)
    }

    @Test func backslashAtTheVeryEndIsHarmless() {
        #expect(Lexer.tokens("sum \\").map(\.kind) == [.word, .end])
    }

    /// As in a shell script: `#` first on its line, then a blank or the line's end.
    @Test func aHashFirstOnItsLineBeforeABlankStartsAComment() {
        let tokens = Lexer.tokens("# weekly totals\ncount\n  #\tindented\n#\nsum")
        #expect(tokens.map(\.kind) == [.separator, .word, .separator, .separator, .separator, .word, .end])
        #expect(tokens.filter { $0.kind == .word }.map(\.text) == ["count", "sum"])
        #expect(Span(tokens[1].range) == Span(2, 1, 6))
        #expect(Lexer.tokens("#").map(\.kind) == [.end])
    }

    @Test func aTagOrBillFirstOnItsLineIsStillOne() {
        #expect(Lexer.tokens("#travel").map(\.kind) == [.tag, .end])
        #expect(Lexer.tokens("  #42 x").map(\.kind) == [.billID, .word, .end])
        #expect(Lexer.tokens("list #work\n#travel").map(\.kind) == [.word, .tag, .separator, .tag, .end])
    }

    @Test func aHashAfterAStatementIsNoComment() {
        #expect(Lexer.tokens("count # all").map(\.kind) == [.word, .error, .word, .end])
        #expect(Lexer.tokens("count; # all").map(\.kind) == [.word, .separator, .error, .word, .end])
    }
}

@Suite("Lexer: currency signs")
struct LexerCurrencySignTests {
    @Test(arguments: [
        ("¥25", [TokenKind.currencySign, .number], ["¥", "25"]),
        ("￥25.50", [.currencySign, .number], ["￥", "25.50"]),
        ("$12.50", [.currencySign, .number], ["$", "12.50"]),
        ("€8", [.currencySign, .number], ["€", "8"]),
        ("25元", [.number, .currencySign], ["25", "元"]),
        ("25块 food", [.number, .currencySign, .word], ["25", "块", "food"]),
        ("8€", [.number, .currencySign], ["8", "€"]),
        ("-¥25", [.minus, .currencySign, .number], ["-", "¥", "25"]),
        ("12+8元", [.number, .plus, .number, .currencySign], ["12", "+", "8", "元"]),
        // Not against digits, or running into a word: what they were.
        ("¥", [.word], ["¥"]),
        ("icon ¥ x", [.word, .word, .word], ["icon", "¥", "x"]),
        ("25元店", [.word], ["25元店"]),
        ("元旦", [.word], ["元旦"]),
        ("#¥25", [.tag], ["¥25"]),
        ("25 元", [.number, .word], ["25", "元"]),
    ])
    func signsStandAgainstDigits(text: String, kinds: [TokenKind], texts: [String]) {
        let tokens = Lexer.tokens(text)
        #expect(tokens.map(\.kind) == kinds + [.end])
        #expect(tokens.dropLast().map(\.text) == texts)
    }

    @Test func aDollarAloneIsStillAnError() {
        #expect(Lexer.tokens("$").first?.kind == .error)
        #expect(Lexer.tokens("$ 5").first?.kind == .error)
    }
}

@Suite("Lexer: errors become tokens")
struct LexerErrorTests {
    @Test(arguments: [
        ("\"lunch", "unterminated string: missing closing \"", Span(1, 1, 7)),
        ("'lunch", "unterminated string: missing closing '", Span(1, 1, 7)),
        ("\"lunch\\", "unterminated string: missing closing \"", Span(1, 1, 8)),
        ("\"a\\qb\"", "unknown escape '\\q' in string; use \\\", \\', \\\\, \\n or \\t", Span(1, 1, 7)),
        ("!", "'!' must be followed by '=' or '~'", Span(1, 1, 2)),
        ("\\ x", "'\\' continues a line only at the end of one", Span(1, 1, 2)),
        ("@", "unexpected character '@'", Span(1, 1, 2)),
        ("#!", "'#' must be followed by a bill id (#42) or a tag (#travel); comments start with --, or with '# ' at the start of a line", Span(1, 1, 2)),
        (".5", "unexpected character '.'", Span(1, 1, 2)),
    ])
    func errorToken(text: String, message: String, span: Span) {
        let token = Lexer.tokens(text)[0]
        #expect(token.kind == .error)
        #expect(token.text == message)
        #expect(Span(token.range) == span)
    }

    @Test func lexingGoesOnAfterAnError() {
        let tokens = Lexer.tokens("@ sum ! count \\ x")
        #expect(tokens.map(\.kind) == [.error, .word, .error, .word, .error, .word, .end])
        #expect(tokens.filter { $0.kind == .word }.map(\.text) == ["sum", "count", "x"])
    }

    @Test func anUnterminatedStringEndsAtTheLineBreak() {
        let tokens = Lexer.tokens("add 5 food \"lunch\ncount")
        #expect(tokens.map(\.kind) == [.word, .number, .word, .error, .separator, .word, .end])
        #expect(Span(tokens[3].range) == Span(1, 12, 18))
        #expect(Span(tokens[5].range) == Span(2, 1, 6))
    }

    @Test func aBangBeforeOtherTextIsOneError() {
        let tokens = Lexer.tokens("amount !5")
        #expect(tokens.map(\.kind) == [.word, .error, .number, .end])
    }

    /// "One typo gives one error": after a bad escape the string still runs to its closing quote.
    @Test func anUnknownEscapeIsOneErrorForTheWholeString() {
        let tokens = Lexer.tokens("\"a\\qb c\" sum")
        #expect(tokens.map(\.kind) == [.error, .word, .end])
        #expect(tokens.dropFirst().first?.text == "sum")
    }

    @Test(arguments: ["\"", "'", "\\", "#", "!", "\u{0}", "\u{7}", "\"\\", "#!", "€", "\u{301}", "((((", "\\\n\\\n\\"])
    func anyInputEndsWithOneEndToken(text: String) {
        let tokens = Lexer.tokens(text)
        #expect(tokens.last?.kind == .end)
        #expect(tokens.filter { $0.kind == .end }.count == 1)
    }
}
