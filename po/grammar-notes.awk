# The grammar's notes as a template for the catalogues, read from
# Grammar/tally.ebnf as Help's Grammar reads them: every paragraph of a
# (* … *) comment that follows a production (not its examples, not a
# section's heading), its lines joined by single spaces, is one msgid.
# `make pot` merges it into po/tally.pot.

# A C string's escapes for \ and ", written out by hand: awks differ in what gsub makes of backslashes.
function escaped(s,    out, i, c) {
    out = ""
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c == "\\" || c == "\"") out = out "\\"
        out = out c
    }
    return out
}

function flush() {
    if (text != "") printf "msgid \"%s\"\nmsgstr \"\"\n\n", escaped(text)
    text = ""
}

BEGIN { printf "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n" }

!inside && /^[a-z]/ && / = / { started = 1 }
!inside && /^\(\* ----/ { started = 0; next }
!inside && /^\(\* example: / { next }
!inside && started && /^\(\*/ { inside = 1; sub(/^\(\*/, "") }

inside {
    line = $0
    closing = sub(/\*\)[ \t]*$/, "", line)
    gsub(/^[ \t]+|[ \t]+$/, "", line)
    if (line == "") flush(); else text = (text == "" ? line : text " " line)
    if (closing) { flush(); inside = 0 }
}
