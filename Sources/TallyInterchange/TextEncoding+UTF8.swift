import Glibc

/// Where bytes stopped being text in the encoding they were read in.
public struct DecodingFailure: Error, Sendable, Equatable {
    public let encoding: TextEncoding
    /// The line the byte is on, from 1, counting LF, CRLF and a lone CR as line ends.
    public let line: Int
    /// How many bytes of the file come before it.
    public let offset: Int
}

extension TextEncoding {
    /// `bytes` as UTF-8, or where the first byte is that is not text in
    /// `encoding`: for UTF-8 the bytes themselves, checked, not copied. A
    /// byte-order mark is kept, as UTF-8's.
    public static func utf8(_ bytes: [UInt8], from encoding: TextEncoding) -> Result<[UInt8], DecodingFailure> {
        if encoding == .utf8 {
            guard let offset = firstInvalidUTF8(bytes) else { return .success(bytes) }
            return .failure(DecodingFailure(encoding: encoding, line: lineCount(bytes[..<offset]), offset: offset))
        }
        return convert(bytes, from: encoding)
    }

    /// How many bytes iconv writes at a time: large enough that a call costs
    /// nothing beside the bytes it converts, small enough not to double a big
    /// file's memory before it is copied out.
    private static let chunkSize = 1 << 20

    private static func convert(_ bytes: [UInt8], from encoding: TextEncoding) -> Result<[UInt8], DecodingFailure> {
        let name = encoding.converterName(for: bytes)
        guard let converter = iconv_open("UTF-8", name), converter != iconv_t(bitPattern: -1) else {
            preconditionFailure("glibc's iconv has no converter from \(name)")
        }
        defer { iconv_close(converter) }
        var output: [UInt8] = []
        // Most statements are ASCII with some two-byte characters that become three.
        output.reserveCapacity(bytes.count + bytes.count / 2)
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        return bytes.withUnsafeBufferPointer { input in
            var next = UnsafeMutableRawPointer(mutating: input.baseAddress)?.assumingMemoryBound(to: CChar.self)
            var left = input.count
            while left > 0 {
                let (written, error) = chunk.withUnsafeMutableBytes { buffer in
                    var out = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
                    var room = buffer.count
                    let result = iconv(converter, &next, &left, &out, &room)
                    return (buffer.count - room, result == -1 ? errno : 0)
                }
                output.append(contentsOf: chunk[..<written])
                switch error {
                case 0, E2BIG:
                    continue
                case EILSEQ, EINVAL:
                    // An invalid sequence, or one the file ends inside of.
                    return .failure(DecodingFailure(encoding: encoding, line: lineCount(output[...]), offset: input.count - left))
                default:
                    preconditionFailure("iconv from \(name) failed with errno \(error)")
                }
            }
            return .success(output)
        }
    }

    /// The offset of the first byte that does not begin or continue a UTF-8
    /// character, or nil when every byte does.
    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// The line of the byte that follows `text`, when `text` is all that comes before it.
    private static func lineCount(_ text: ArraySlice<UInt8>) -> Int {
        var line = 1
        var afterCarriageReturn = false
        for byte in text {
            if byte == 0x0D || (byte == 0x0A && !afterCarriageReturn) { line += 1 }
            afterCarriageReturn = byte == 0x0D
        }
        return line
    }
}
