// readline.h uses FILE without including stdio.h itself.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <readline/readline.h>
#include <readline/history.h>

// A completed file name that holds a space or a quote is written as a Tally
// string, in the quote the user opened or else in double quotes, with that
// quote and backslashes escaped: "my \"best\" file.html".
static inline char *tally_quote_filename(char *text, int match_type, char *quote_pointer) {
    (void)match_type;
    char quote = quote_pointer != NULL && *quote_pointer != '\0' ? *quote_pointer : '"';
    char *quoted = malloc(2 * strlen(text) + 2);
    if (quoted == NULL) return NULL;
    char *out = quoted;
    *out++ = quote;
    for (const char *in = text; *in != '\0'; in++) {
        if (*in == quote || *in == '\\') *out++ = '\\';
        *out++ = *in;
    }
    *out = '\0';
    if (quote_pointer != NULL) *quote_pointer = quote;
    return quoted;
}

// Swift 6 refuses to touch readline's global variables directly, so Tally sets
// and reads them through these.

static inline void tally_rl_configure(const char *name, rl_completion_func_t *completion, const char *word_breaks) {
    rl_readline_name = name;
    rl_attempted_completion_function = completion;
    rl_completer_word_break_characters = (char *)word_breaks;
    // A file's name with spaces is written in quotes, and completed inside them.
    rl_completer_quote_characters = "\"'";
    rl_filename_quote_characters = " \t\n\"'\\";
    rl_filename_quoting_function = tally_quote_filename;
    // Tally handles Ctrl-C itself, to abandon the line instead of quitting.
    rl_catch_signals = 0;
}

static inline void tally_rl_set_completion_over(int over) { rl_attempted_completion_over = over; }
static inline const char *tally_rl_line_buffer(void) { return rl_line_buffer; }
static inline int tally_rl_point(void) { return rl_point; }
static inline int tally_history_length(void) { return history_length; }
static inline int tally_history_base(void) { return history_base; }
// Readline 8.2 leaves this set after Ctrl-D in callback mode, and then ends
// every later line with an extra newline; each new line starts it afresh.
static inline void tally_rl_forget_eof(void) { rl_eof_found = 0; }
