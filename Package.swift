// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Tally",
    products: [
        .executable(name: "tally", targets: ["tally"]),
        .executable(name: "tally-bench", targets: ["tally-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CReadline",
            path: "Sources/CReadline",
            providers: [.apt(["libreadline-dev"])]
        ),
        // glibc's strptime, which the Glibc module hides.
        .systemLibrary(name: "CTime", path: "Sources/CTime"),
        // glibc's gettext, for the messages in the reader's language.
        .systemLibrary(name: "CIntl", path: "Sources/CIntl"),
        .target(
            name: "TallyCore",
            dependencies: ["CIntl"],
            resources: [.embedInCode("Resources/categories.tsv"), .embedInCode("Resources/currencies.tsv")]
        ),
        .target(name: "TallyStore", dependencies: ["TallyCore", "CSQLite"]),
        .target(name: "TallyLanguage", dependencies: ["TallyCore"], resources: [.embedInCode("Resources/profiles.tsv")]),
        // Everything that presents results: renderers, tables, terminal text, views, charts, the HTML report.
        .target(name: "TallyRender", dependencies: ["TallyCore", "TallyLanguage"]),
        // The file formats of other tools: reading CSV and importing its rows, the journals and beancount files export writes, and reading such files as plain data.
        .target(name: "TallyInterchange", dependencies: ["TallyCore", "TallyLanguage", "CTime"]),
        .target(
            name: "TallyShell",
            dependencies: ["TallyCore", "TallyStore", "TallyLanguage", "TallyRender", "TallyInterchange", "CReadline"],
            resources: [.embedInCode("Resources/tally.ebnf")]
        ),
        .executableTarget(name: "tally", dependencies: ["TallyCore", "TallyStore", "TallyLanguage", "TallyShell"]),
        // Built for libFuzzer by `make fuzz`; built plainly, it replays saved inputs.
        .executableTarget(name: "tally-fuzz", dependencies: ["TallyCore", "TallyLanguage", "TallyRender", "TallyShell"], path: "Sources/TallyFuzz"),
        // Built in release by `make bench`: times `tally` on generated ledgers and checks its answers.
        .executableTarget(name: "tally-bench", dependencies: ["TallyCore", "TallyStore", "TallyLanguage"], path: "Sources/TallyBench"),
        // The small ledgers the renderers' tests and the shell's share, and
        // the messages as a reader of another language sees them.
        .target(name: "TallyFixture", dependencies: ["TallyCore", "TallyLanguage", "TallyRender"], path: "Tests/TallyFixture"),
        .testTarget(name: "TallyCoreTests", dependencies: ["TallyCore", "TallyFixture"]),
        .testTarget(name: "TallyStoreTests", dependencies: ["TallyStore", "TallyFixture"]),
        .testTarget(name: "TallyLanguageTests", dependencies: ["TallyLanguage", "TallyFixture"]),
        .testTarget(name: "TallyRenderTests", dependencies: ["TallyRender", "TallyFixture"]),
        // A beancount file and a journal the peers' readers are tested on, copied into the tests' bundle.
        .testTarget(name: "TallyInterchangeTests", dependencies: ["TallyInterchange", "TallyFixture"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TallyShellTests", dependencies: ["TallyShell", "TallyRender", "TallyFixture"]),
        .testTarget(
            name: "EndToEndTests",
            // The store too, to hold a ledger's write lock, check its integrity
            // and read it back; the shell to measure text as a terminal does.
            dependencies: [.target(name: "tally"), "TallyStore", "TallyShell", "TallyRender", "TallyFixture"],
            // The statements are read where they lie, by the tests' own path.
            exclude: ["Statements"],
            resources: [.copy("Scripts"), .copy("Reports")]
        ),
    ]
)
