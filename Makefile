# make run   — install what is missing, build, start the REPL
# make demo  — the same on a throwaway ledger of sample bills
# make test  — install what is missing, build, run every test
SWIFT ?= swift
PREFIX ?= /usr/local
APT_PACKAGES = libreadline-dev libsqlite3-dev

FUZZ_SECONDS ?= 1800
FUZZ_DIR = .build/fuzz-work

.PHONY: run demo test build release install bench deps test-tools test-locales catalogues pot clean fuzz

run: deps catalogues
	$(SWIFT) build
	.build/debug/tally

demo: deps catalogues
	$(SWIFT) build
	.build/debug/tally --demo

test: deps test-tools test-locales catalogues
	$(SWIFT) test

build: deps catalogues
	$(SWIFT) build

# The messages in Chinese: each po/LANG.po compiled where the program finds
# it, `share/locale` beside the folder it runs from (.build/debug, .build/release).
LANGUAGES = zh_CN zh_TW
CATALOGUES = $(LANGUAGES:%=.build/share/locale/%/LC_MESSAGES/tally.mo)

catalogues: $(CATALOGUES)

# The template the catalogues are kept up to date against: every word the
# sources mark with `catalogued` (the tables' words) or pass to `translated`,
# the undo history's phrases (`said`, `counted`), and the notes of the
# grammar that help shows, which xgettext cannot read.
pot:
	xgettext --language=C --from-code=UTF-8 --keyword=catalogued --keyword=translated --keyword=plural:1,2 --keyword=said --keyword=counted:1,2 --keyword=contextual:1c,2 --keyword=words \
		--package-name=tally --no-location --no-wrap --sort-output -o po/tally.pot $$(find Sources -name '*.swift' | sort)
	awk -f po/grammar-notes.awk Grammar/tally.ebnf | msgcat --use-first --no-wrap --sort-output -o po/tally.pot po/tally.pot -

.build/share/locale/%/LC_MESSAGES/tally.mo: po/%.po
	@mkdir -p $(@D)
	msgfmt --check -o $@ $<

# Release builds link Swift's own libraries in: a third of the start-up of
# every `tally -c` is otherwise spent binding them at run time.
RELEASE = -c release --static-swift-stdlib

release: deps catalogues
	$(SWIFT) build $(RELEASE)

# Every language of LANGUAGES has its manual page, Documentation/LANG/tally.1,
# beside its catalogue.
install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 0755 .build/release/tally $(DESTDIR)$(PREFIX)/bin/tally
	install -m 0644 Documentation/tally.1 $(DESTDIR)$(PREFIX)/share/man/man1/tally.1
	for language in $(LANGUAGES); do \
		install -d $(DESTDIR)$(PREFIX)/share/man/$$language/man1 && \
		install -m 0644 Documentation/$$language/tally.1 $(DESTDIR)$(PREFIX)/share/man/$$language/man1/tally.1 && \
		install -d $(DESTDIR)$(PREFIX)/share/locale/$$language/LC_MESSAGES && \
		install -m 0644 .build/share/locale/$$language/LC_MESSAGES/tally.mo $(DESTDIR)$(PREFIX)/share/locale/$$language/LC_MESSAGES/tally.mo || exit 1; \
	done

# Times tally on generated ledgers of 10,000, 100,000 and 1,000,000 bills
# (BENCH_SIZES to choose), checking each answer against a plain scan.
BENCH_SIZES ?= 10000 100000 1000000
bench: deps
	@[ -x /usr/bin/time ] || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null; } || \
		echo "Without GNU time (apt-get install time), peak memory is not measured" >&2
	$(SWIFT) build $(RELEASE) --product tally
	$(SWIFT) build $(RELEASE) --product tally-bench
	.build/release/tally-bench $(BENCH_SIZES)

clean:
	rm -rf .build

# libFuzzer over the lexer, parser, evaluator and renderers for FUZZ_SECONDS
# (default 30 minutes), seeded with every example in the grammar and told its
# words. Inputs that crash are kept in $(FUZZ_DIR)/crashes; replay one with
# `.build/debug/tally-fuzz FILE`.
fuzz: deps
	# No AddressSanitizer: Swift stops on overflow and out-of-range access by
	# itself, the target reaches almost no unsafe code, and it halves the speed.
	$(SWIFT) build --product tally-fuzz -c release --sanitize=fuzzer -Xswiftc -DFUZZING --build-path .build/fuzz
	mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/seeds $(FUZZ_DIR)/crashes
	sed -n 's/^(\* example: \(.*\) \*)$$/\1/p' Grammar/tally.ebnf | awk '{ print > "$(FUZZ_DIR)/seeds/example-" NR }'
	# libFuzzer reads a dictionary of ASCII: other bytes, as in 金额, are written \xNN.
	grep -o '"[^" \\]\+"' Grammar/tally.ebnf | sort -u | \
		LC_ALL=C perl -pe 's/([^\x20-\x7e\n])/sprintf("\\x%02X", ord($$1))/ge' > $(FUZZ_DIR)/words.dict
	SWIFT_BACKTRACE=enable=no .build/fuzz/release/tally-fuzz \
		-max_total_time=$(FUZZ_SECONDS) -max_len=4096 -dict=$(FUZZ_DIR)/words.dict \
		-artifact_prefix=$(FUZZ_DIR)/crashes/ $(FUZZ_DIR)/corpus $(FUZZ_DIR)/seeds

# The C libraries Tally links: installed with apt-get when running as root,
# otherwise named so the user can install them.
deps:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "Tally needs Swift 6 or later: see https://www.swift.org/install/linux/" >&2; exit 1; }
	@missing=""; \
	[ -f /usr/include/readline/readline.h ] || missing="$$missing libreadline-dev"; \
	[ -f /usr/include/sqlite3.h ] || missing="$$missing libsqlite3-dev"; \
	command -v msgfmt >/dev/null 2>&1 || missing="$$missing gettext"; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "Installing$$missing"; \
			DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
		else \
			echo "Tally needs:$$missing" >&2; \
			echo "Install them with: sudo apt-get install$$missing" >&2; \
			exit 1; \
		fi; \
	fi

# The locales the Chinese tests run in: glibc's gettext answers only in a
# locale the system has.
test-locales:
	@if ! locale -a 2>/dev/null | grep -qix 'zh_CN.utf8' || ! locale -a 2>/dev/null | grep -qix 'zh_TW.utf8'; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "Generating the zh_CN.UTF-8 and zh_TW.UTF-8 locales"; \
			{ command -v locale-gen >/dev/null 2>&1 || { DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
				DEBIAN_FRONTEND=noninteractive apt-get install -y -qq locales >/dev/null; }; } && \
			sed -i -E 's/^# *(zh_(CN|TW)\.UTF-8 UTF-8)/\1/' /etc/locale.gen && \
			{ grep -q '^zh_CN.UTF-8 UTF-8' /etc/locale.gen || echo 'zh_CN.UTF-8 UTF-8' >> /etc/locale.gen; } && \
			{ grep -q '^zh_TW.UTF-8 UTF-8' /etc/locale.gen || echo 'zh_TW.UTF-8 UTF-8' >> /etc/locale.gen; } && \
			locale-gen >/dev/null || exit 1; \
		else \
			echo "The tests need the zh_CN.UTF-8 and zh_TW.UTF-8 locales: sudo apt-get install locales," >&2; \
			echo "then uncomment them in /etc/locale.gen and run sudo locale-gen" >&2; \
			exit 1; \
		fi; \
	fi

# The tools the tests check exports with (hledger, ledger and beancount),
# open reports in (headless Chromium, and a Chinese font to lay out a Chinese
# page) and render the manual pages with (groff).
test-tools:
	@missing=""; \
	command -v hledger >/dev/null 2>&1 || missing="$$missing hledger"; \
	command -v ledger >/dev/null 2>&1 || missing="$$missing ledger"; \
	command -v bean-check >/dev/null 2>&1 || missing="$$missing beancount"; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	fc-list :lang=zh-cn 2>/dev/null | grep -q . || missing="$$missing fonts-noto-cjk"; \
	command -v groff >/dev/null 2>&1 || missing="$$missing groff-base"; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "Installing$$missing"; \
			DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null || exit 1; \
		else \
			echo "The tests need:$$missing" >&2; \
			echo "Install them with: sudo apt-get install$$missing" >&2; \
			exit 1; \
		fi; \
	fi
