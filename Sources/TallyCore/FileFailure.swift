/// Why a file could not be read or written, as facts: the file as the user
/// named it, whether it was being read or written, and what stood in the way.
public struct FileFailure: Error, Sendable, Equatable {
    public let path: String
    public let writing: Bool
    public let reason: Reason

    public init(_ path: String, writing: Bool = false, _ reason: Reason) {
        self.path = path
        self.writing = writing
        self.reason = reason
    }

    public enum Reason: Sendable, Equatable {
        /// What the system said, such as "No such file or directory".
        case system(String)
        case folder
        /// A device, a pipe, a socket: never read or written over as a file.
        case notARegularFile
        case tooLarge(FileContent, size: Int64)
        case notAnImage
        /// The file is there, and is not to be replaced; `advice` says what to do instead.
        case exists(advice: String)
        /// A report's name that is a device, a pipe or a folder (`kind`).
        case notForAReport(kind: String)
        /// A file of the open ledger itself, which a backup must not replace.
        case ledgerItself
    }
}

/// What a file Tally reads holds, which bounds its size: refused before any
/// of it is read, so that `run /dev/zero` or a runaway file cannot fill memory.
public enum FileContent: Sendable, Equatable {
    /// 64 MiB: far beyond any script a person writes or a program generates for Tally.
    case script
    /// Millions of bills, far beyond a lifetime's: a bound on the memory an import takes.
    case csv
    case photo

    public var limit: Int {
        switch self {
        case .script: 64 << 20
        case .csv: 256 << 20
        case .photo: Photo.maximumSize
        }
    }
}
