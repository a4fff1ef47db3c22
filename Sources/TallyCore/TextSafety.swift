/// Which characters show as themselves, and which a terminal would obey or
/// hide instead: the one rule behind what names may hold and what Tally
/// writes to a terminal.
public enum TextSafety {
    /// C0 and C1 control characters, and DEL.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Controls, and the format characters that reorder or hide text.
    public static func isSuspect(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        // Arabic letter mark, left-to-right and right-to-left marks, embeddings, overrides and isolates.
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        // Zero-width space, non-joiner, joiner, word joiner and invisible operators, line and
        // paragraph separators, the Mongolian vowel separator, and the byte-order mark.
        case 0x200B...0x200D, 0x2060...0x2064, 0x2028, 0x2029, 0x180E, 0xFEFF: return true
        default: return isControl(scalar)
        }
    }

    /// Whether `scalar`, part of `character`, is one a terminal would obey or
    /// hide. A zero-width joiner inside an emoji builds one picture (👨‍👩‍👧)
    /// and shows; anywhere else it only hides.
    public static func isHidden(_ scalar: Unicode.Scalar, in character: Character) -> Bool {
        guard isSuspect(scalar) else { return false }
        guard scalar.value == 0x200D, let first = character.unicodeScalars.first else { return true }
        return !(first.value > 0x7F && first.properties.isEmoji)
    }
}
