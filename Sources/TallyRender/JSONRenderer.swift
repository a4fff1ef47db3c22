import TallyCore
import TallyLanguage

/// Results as JSON, the stable machine interface: amounts are strings with
/// exactly the currency's decimals, counts are numbers, missing values null.
public struct JSONRenderer {
    /// Ctrl-C, which stops a long list part way.
    var interruption: Interruption?

    public init(interruption: Interruption? = nil) {
        self.interruption = interruption
    }

    public func render(_ result: QueryResult) -> String {
        switch result {
        case .aggregate(let aggregate):
            let objects = aggregate.cells.map { cell -> String in
                var members = [(aggregate.aggregate.rawValue, measure(cell.measure))]
                if let currency = cell.currency { members.append(("currency", string(currency.code))) }
                return object(members)
            }
            return objects.count == 1 ? objects[0] : array(objects)
        case .groups(let groups):
            return array(groups.rows.map { row in
                var members = zip(groups.dimensions, row.labels).map { ($0.rawValue, $1.map(string) ?? "null") }
                if groups.showsCurrency { members.append(("currency", row.currency.map { string($0.code) } ?? "null")) }
                members.append((groups.aggregate.rawValue, measure(row.measure)))
                return object(members)
            })
        case .bills(let bills):
            return array(bills.rows.map(stoppingAt: interruption, bill))
        case .bill(let verb, let row):
            return object([(verb, bill(row))])
        case .records(let records):
            return array(records.rows.map { row in object(zip(records.columns, row).map { ($0, value($1)) }) })
        case .done(let done):
            return object(done.facts.map { ($0.0, value($0.1)) })
        case .importPreview(let preview):
            return object(preview.counts.named.map { ($0.name, String($0.count)) } + [
                ("rows", array(preview.rows.rows.map { row in object(zip(preview.rows.columns, row).map { ($0, value($1)) }) })),
            ])
        case .timeline(let timeline):
            return object(period(timeline.period) + balance(timeline.summary) + [
                ("days", array(timeline.days.map(stoppingAt: interruption, stride: 1) { day in
                    object([("date", string(day.day.iso))] + balance(day.summary).filter { $0.0 != "currency" }
                        + [("bills", array(day.bills.map(bill)))]
                        + (day.transfers.isEmpty ? [] : [("transfers", array(day.transfers.map(transfer)))]))
                })),
            ])
        case .pie(let pie):
            return object([("kind", string(pie.kind.rawValue))] + period(pie.period) + [
                ("total", string(MoneyFormat.plain(pie.total, pie.currency))), ("currency", string(pie.currency.code)),
                ("categories", array(pie.slices.map { slice in
                    object([
                        ("category", string(slice.category)), ("amount", string(MoneyFormat.plain(slice.amount, pie.currency))),
                        ("share", string(slice.share)), ("bills", String(slice.count)),
                    ])
                })),
            ])
        case .months(let months):
            return object([("year", String(months.year))] + balance(months.total) + [
                ("bills", String(months.count)),
                ("months", array(months.months.map { line in
                    object([("month", string(months.label(line)))]
                        + balance(line.summary).filter { $0.0 != "currency" } + [("bills", String(line.count))]
                        + (line.expected.map { [("forecast", object(balance($0).filter { $0.0 != "currency" }))] } ?? []))
                })),
            ])
        case .detail(let detail):
            return object([
                ("category", string(detail.category)), ("kind", string(detail.kind.rawValue)),
                ("total", string(MoneyFormat.plain(detail.total, detail.currency))), ("currency", string(detail.currency.code)),
                ("bills", String(detail.count)),
                ("months", array(detail.months.map(stoppingAt: interruption, stride: 1) { month in
                    object([("month", string(month.label)), ("sum", string(MoneyFormat.plain(month.subtotal, detail.currency))),
                            ("bills", array(month.bills.map(stoppingAt: interruption, bill)))])
                })),
            ])
        case .billDetail(let detail):
            return object([("bill", bill(detail.bill)), ("created", String(detail.created)), ("updated", String(detail.updated)),
                           ("photos", array(detail.photos.map(photo)))])
        case .search(let search):
            return array(search.bills.rows.map(stoppingAt: interruption, bill))
        case .photos(let list):
            return array(list.photos.map(photo))
        case .budgets(let report):
            return object([("month", string(report.month)), ("currency", string(report.currency.code)),
                           ("budgets", array(report.lines.map { line in
                               object([("category", line.category.map(string) ?? "null")]
                                   + ([("budget", line.budget), ("spent", line.spent), ("left", line.left)]
                                       + (line.outlook.map { [("scheduled", $0.scheduled), ("projected", $0.projected)] } ?? [])).map {
                                       ($0.0, string(MoneyFormat.plain($0.1, report.currency)))
                                   })
                           }))])
        }
    }

    private func photo(_ photo: Photo) -> String {
        object([("bill", String(photo.billID)), ("photo", String(photo.number)), ("name", string(photo.name)),
                ("type", string(photo.type)), ("size", String(photo.size)), ("sha256", string(photo.sha256)),
                ("added", String(photo.added))])
    }

    private func period(_ range: DateRange) -> [(String, String)] {
        [("from", range.start == DateRange.everything.start ? "null" : string(range.start.iso)),
         ("to", range.end == DateRange.everything.end ? "null" : string(range.end.iso))]
    }

    private func balance(_ balance: Balance) -> [(String, String)] {
        [("income", string(MoneyFormat.plain(balance.income, balance.currency))),
         ("expense", string(MoneyFormat.plain(balance.expense, balance.currency))),
         ("balance", string(MoneyFormat.plain(balance.balance, balance.currency))),
         ("currency", string(balance.currency.code))]
    }

    /// A bill expected of a recurring rule has no id, and says it is a forecast.
    /// One bill as an element of `render`'s list of bills, for a list written a part at a time.
    public func billElement(_ bill: BillRow) -> String {
        self.bill(bill)
    }

    private func bill(_ bill: BillRow) -> String {
        object([
            ("id", bill.isForecast ? "null" : String(bill.id)),
            ("date", string(bill.day.iso)),
            ("kind", string(bill.kind.rawValue)),
            ("amount", string(MoneyFormat.plain(bill.amount, bill.currency))),
            ("category", string(bill.category)),
            ("book", string(bill.book)),
            ("remark", text(bill.remark)),
            ("place", text(bill.place ?? "")),
            ("tags", "[" + bill.tags.map(string).joined(separator: ", ") + "]"),
        ] + (bill.account.map { [("account", string($0))] } ?? []) + (bill.isForecast ? [("forecast", "true")] : []))
    }

    private func transfer(_ transfer: TransferRow) -> String {
        object([("transfer", String(transfer.id)), ("date", string(transfer.day.iso)), ("amount", string(transfer.amount)),
                ("received", transfer.received.map(string) ?? "null"), ("from", string(transfer.from)), ("to", string(transfer.to)),
                ("remark", text(transfer.remark))])
    }

    private func value(_ cell: RecordTable.Cell) -> String {
        switch cell {
        case .text(let text): return string(text)
        case .number(let number): return String(number)
        case .flag(let on): return on ? "true" : "false"
        case .list(let items): return "[" + items.map(string).joined(separator: ", ") + "]"
        case .money(let amount, let currency): return string(MoneyFormat.plain(amount, currency))
        case .id(let id): return String(id)
        case .ids(let ids): return "[" + ids.map(String.init).joined(separator: ", ") + "]"
        case .phrase(let phrase): return string(phrase.english)
        case .null: return "null"
        }
    }

    private func measure(_ measure: Measure) -> String {
        switch measure {
        case .money(let amount, let currency): return string(MoneyFormat.plain(amount, currency))
        case .count(let count): return String(count)
        case .none: return "null"
        }
    }

    private func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    private func array(_ elements: [String]) -> String {
        elements.isEmpty ? "[]" : "[\n" + elements.map { "  " + $0 }.joined(separator: ",\n") + "\n]"
    }

    /// Text a bill may lack, a remark or a place: `null` when it has none, as
    /// the group of bills without a place is, and as CSV leaves the cell empty.
    private func text(_ text: String) -> String {
        text.isEmpty ? "null" : string(text)
    }

    func string(_ text: String) -> String {
        JSONString.quoted(text, escaping: .readable)
    }
}
