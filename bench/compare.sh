#!/bin/bash
# bench/compare.sh [BILLS] — the same bills in Tally, ledger, hledger,
# bean-query and an indexed SQLite table, and the same two questions asked of
# each, runs interleaved: one category in one month, and a year's spending by
# category. Prints each tool's median time, its peak memory and how many
# times Tally's time it takes. BILLS defaults to 100000; RUNS (default 5).
# A tool that takes over two minutes, or fails, is skipped from then on.
# Then every other command of the benchmark beside what the sqlite3 shell
# takes for the same work on the same file, the floor under each.
set -eu
BILLS=${1:-100000}
RUNS=${RUNS:-5}
LIMIT=120
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

missing=""
command -v ledger >/dev/null 2>&1 || missing="$missing ledger"
command -v hledger >/dev/null 2>&1 || missing="$missing hledger"
command -v bean-query >/dev/null 2>&1 || missing="$missing beancount"
command -v sqlite3 >/dev/null 2>&1 || missing="$missing sqlite3"
command -v bc >/dev/null 2>&1 || missing="$missing bc"
[ -x /usr/bin/time ] || missing="$missing time"
if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "Installing$missing"
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
    else
        echo "compare.sh needs:$missing (sudo apt-get install$missing)" >&2
        exit 1
    fi
fi

cd "$root"
for product in tally tally-bench; do
    swift build -c release --static-swift-stdlib --product "$product" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
done
tally="$root/.build/release/tally"
.build/release/tally-bench --csv "$BILLS" "$work/bills.csv"
db="$work/ledger.db"
"$tally" --db "$db" -c "book add travel" -c "book add business" -c "import $work/bills.csv" \
    -c "export $work/all.journal where book = daily" -c "export $work/all.beancount where book = daily" >/dev/null

# Each tool's two questions, of the first book (daily, the only one exported): food in July 2016, and 2016's spending by category.
declare -A question
question[tally.1]="$tally --db $db -c 'sum expense where category=food in 2016-07'"
question[tally.2]="$tally --db $db -c 'sum expense in 2016 by category'"
question[ledger.1]="ledger -f $work/all.journal -b 2016-07-01 -e 2016-08-01 balance '^expenses:food\$'"
question[ledger.2]="ledger -f $work/all.journal -b 2016-01-01 -e 2017-01-01 balance --flat '^expenses:'"
question[hledger.1]="hledger -f $work/all.journal balance -b 2016-07-01 -e 2016-08-01 '^expenses:food\$'"
question[hledger.2]="hledger -f $work/all.journal balance -b 2016-01-01 -e 2017-01-01 '^expenses:'"
question[bean-query.1]="bean-query $work/all.beancount \"SELECT sum(position) WHERE account = 'Expenses:Food' AND date >= 2016-07-01 AND date < 2016-08-01\""
question[bean-query.2]="bean-query $work/all.beancount \"SELECT account, sum(position) WHERE account ~ '^Expenses:' AND year = 2016 GROUP BY account\""
question[sqlite3.1]="sqlite3 $db \"SELECT sum(amount) FROM bills WHERE book_id = 1 AND day BETWEEN 20160701 AND 20160731 AND category_id = (SELECT id FROM categories WHERE name = 'food')\""
question[sqlite3.2]="sqlite3 $db \"SELECT c.name, sum(b.amount) FROM bills b JOIN categories c ON c.id = b.category_id WHERE b.book_id = 1 AND c.kind = 'expense' AND b.day BETWEEN 20160101 AND 20161231 GROUP BY c.name\""
tools=(tally ledger hledger bean-query sqlite3)

echo "$BILLS bills ($(du -h "$db" | cut -f1) ledger file), $RUNS runs each, interleaved; $(nproc) cores; $(date -u +%F)"
echo "food in 2016-07, as each tool says it:"
for tool in "${tools[@]}"; do
    printf '  %-11s %s\n' "$tool" "$(bash -c "${question[$tool.1]}" 2>&1 | tr -s ' \n' ' ' | cut -c1-70)"
done

declare -A skipped
: >"$work/times"
for run in $(seq "$RUNS"); do
    for tool in "${tools[@]}"; do
        [ -n "${skipped[$tool]:-}" ] && continue
        for number in 1 2; do
            start=$(date +%s%N)
            status=0
            /usr/bin/time -f %M -o "$work/memory" timeout "$LIMIT" bash -c "exec ${question[$tool.$number]}" >/dev/null 2>&1 || status=$?
            end=$(date +%s%N)
            if [ "$status" -ne 0 ]; then
                skipped[$tool]=1
                echo "  $tool, question $number: over $LIMIT s or failed (status $status); skipped from here on"
                break
            fi
            echo "$tool $number $(( (end - start) / 1000 )) $(tail -1 "$work/memory")" >>"$work/times"
        done
    done
done

median() { awk -v t="$1" -v q="$2" -v c="$3" '$1 == t && $2 == q { print $c }' "$work/times" | sort -n | awk '{ a[NR] = $1 } END { if (NR) print a[int((NR + 1) / 2)] }'; }
echo
printf '%-11s %16s %16s %13s %20s\n' tool "food in 2016-07" "2016 by category" "peak memory" "× Tally's time"
base1=$(median tally 1 3); base2=$(median tally 2 3)
for tool in "${tools[@]}"; do
    m1=$(median "$tool" 1 3); m2=$(median "$tool" 2 3)
    if [ -n "${skipped[$tool]:-}" ] || [ -z "$m1" ] || [ -z "$m2" ] || [ -z "$base1" ]; then
        printf '%-11s %16s\n' "$tool" "skipped"
        continue
    fi
    memory=$(awk -v t="$tool" '$1 == t { if ($4 > m) m = $4 } END { print m }' "$work/times")
    printf '%-11s %13.1f ms %13.1f ms %9d MiB %9.1f / %-8.1f\n' "$tool" "$(echo "$m1 / 1000" | bc -l)" "$(echo "$m2 / 1000" | bc -l)" \
        $((memory / 1024)) "$(echo "$m1 / $base1" | bc -l)" "$(echo "$m2 / $base2" | bc -l)"
done

# Each command beside the sqlite3 shell doing its work on a copy of the same
# file: the median of RUNS, each change on a copy of its own.
echo
echo "each command beside sqlite3 on the same file (wall, peak memory):"
printf '%-44s %22s %22s\n' command tally sqlite3
measure() {
    local start end
    start=$(date +%s%N)
    /usr/bin/time -f %M -o "$work/memory" bash -c "$1" >/dev/null 2>&1
    end=$(date +%s%N)
    echo "$(( (end - start) / 1000 )) $(tail -1 "$work/memory")"
}
shown() { echo "$1" | awk '{ printf "%9.1f ms %6d MiB", $1 / 1000, $2 / 1024 }'; }
row() {
    local name=$1 tally_command=$2 sqlite_command=$3 runs=$4 fresh=$5 tally_times="" sqlite_times="" run
    cp "$db" "$work/copy.db"
    for run in $(seq "$runs"); do
        [ "$fresh" = fresh ] && cp "$db" "$work/copy.db"
        tally_times+="$(measure "${tally_command//LEDGER/$work/copy.db}")"$'\n'
        [ "$fresh" = fresh ] && cp "$db" "$work/copy.db"
        sqlite_times+="$(measure "${sqlite_command//LEDGER/$work/copy.db}")"$'\n'
    done
    middle() { echo -n "$1" | sort -n | awk '{ a[NR] = $0 } END { print a[int((NR + 1) / 2)] }'; }
    printf '%-44s %22s %22s\n' "$name" "$(shown "$(middle "$tally_times")")" "$(shown "$(middle "$sqlite_times")")"
}
expenses="(SELECT id FROM categories WHERE kind = 'expense')"
row "count" "$tally --db LEDGER -c count" \
    "sqlite3 LEDGER 'SELECT count(*) FROM bills WHERE book_id = 1'" "$RUNS" same
row "sum expense where remark ~ coffee" "$tally --db LEDGER -c 'sum expense where remark ~ coffee'" \
    "sqlite3 LEDGER \"SELECT sum(amount) FROM bills WHERE book_id = 1 AND remark LIKE '%coffee%' AND category_id IN $expenses\"" "$RUNS" same
row "sum expense by month, category" "$tally --db LEDGER -c 'sum expense by month, category'" \
    "sqlite3 LEDGER \"SELECT day / 100, category_id, sum(amount) FROM bills WHERE book_id = 1 AND category_id IN $expenses GROUP BY 1, 2\"" "$RUNS" same
row "add 25 food lunch" "$tally --db LEDGER -c 'add 25 food lunch'" \
    "sqlite3 LEDGER \"INSERT INTO bills (book_id, category_id, amount, day, remark, tags, created_at, updated_at) VALUES (1, (SELECT id FROM categories WHERE name = 'food'), 2500, 20191231, 'lunch', '', 0, 0)\"" "$RUNS" fresh
awk 'BEGIN { srand(7); for (i = 0; i < 100000; i++) printf "add %d.50 food back %d on %s\n", i % 400 + 1, i, strftime("%Y-%m-%d", 1262304000 + int(rand() * 3652) * 86400, 1) }' >"$work/adds.tally"
awk -F' ' '{ split($7, d, "-"); printf "INSERT INTO bills (book_id, category_id, amount, day, remark, tags, created_at, updated_at) VALUES (1, 2, %d, %s, '"'"'back %s'"'"', '"'"''"'"', 0, 0);\n", int($2 * 100 + 0.5), d[1] d[2] d[3], $5 }' "$work/adds.tally" \
    | { echo "BEGIN;"; cat; echo "COMMIT;"; } >"$work/adds.sql"
row "100,000 adds dated across ten years" "$tally --db LEDGER $work/adds.tally" "sqlite3 LEDGER <$work/adds.sql" 1 fresh
row "import the bills' CSV into a new ledger" "rm -f $work/new.db; $tally --db $work/new.db -c 'book add travel' -c 'book add business' -c 'import $work/bills.csv'" \
    "rm -f $work/new.db; sqlite3 $work/new.db -cmd '.mode csv' '.import $work/bills.csv bills'" 1 same
row "export all.csv" "rm -f $work/out.csv; $tally --db LEDGER -c 'export $work/out.csv'" \
    "sqlite3 -csv -header LEDGER 'SELECT id, day, amount, category_id, remark, book_id, place, tags FROM bills ORDER BY day, id' >$work/out.csv" "$RUNS" same
