import ArgumentParser
import NinefoldInterfaceBuilder
import NinefoldScene
import NinefoldValidation

/// One document named on the command line: a scene document, or one layout of an Interface
/// Builder file (SCENE-FORMAT §7), with what Interface Builder had cached about it.
struct LoadedDocument: Sendable {
    /// The path, or `PATH#ID` for a layout of a .storyboard or .xib.
    var name: String
    var result: Result<Scene, DocumentError>
    /// IB's cached `ambiguous`/`misplaced` flags by view id, shown beside Ninefold's verdict.
    var interfaceBuilderFlags: [String: [String]] = [:]
}

/// The one place that turns command-line arguments into documents, so every command takes
/// scene documents, .storyboard and .xib files (every layout), and `PATH#ID` (one layout).
enum DocumentLoader {
    /// What shells complete document arguments with.
    static let fileExtensions = ["xml"] + InterfaceBuilderReader.fileExtensions

    /// Every document an argument names; a file that cannot be read is one failed document.
    static func documents(_ argument: String) -> [LoadedDocument] {
        if let (path, id) = interfaceBuilderSelection(argument) {
            let all = interfaceBuilderDocuments(path)
            if all.count == 1, case .failure = all[0].result { return all }
            guard let chosen = all.first(where: { $0.name == argument }) else {
                let names = all.map(\.name).joined(separator: ", ")
                let message = "\(path) has no view controller, top-level view or cell with id '\(id)'"
                    + (names.isEmpty ? "" : "; it has \(names)")
                return [LoadedDocument(name: argument, result: .failure(DocumentError([
                    Diagnostic(message: message, file: path, location: SourceLocation(line: 1, column: 1))])))]
            }
            return [chosen]
        }
        if InterfaceBuilderReader.handles(argument) { return interfaceBuilderDocuments(argument) }
        return [LoadedDocument(name: argument, result: Result { () throws(DocumentError) in
            try SceneReader().read(contentsOf: argument)
        })]
    }

    /// The file an argument reads: the path itself, or PATH of `PATH#ID`. Reports are never
    /// written over it.
    static func filePath(_ argument: String) -> String {
        interfaceBuilderSelection(argument)?.path ?? argument
    }

    /// `PATH#ID` naming one layout of an Interface Builder file.
    static func interfaceBuilderSelection(_ argument: String) -> (path: String, id: String)? {
        guard let hash = argument.lastIndex(of: "#") else { return nil }
        let path = String(argument[..<hash])
        guard InterfaceBuilderReader.handles(path) else { return nil }
        return (path, String(argument[argument.index(after: hash)...]))
    }

    private static func interfaceBuilderDocuments(_ path: String) -> [LoadedDocument] {
        do throws(DocumentError) {
            return try InterfaceBuilderReader().read(contentsOf: path).map { document in
                for warning in (try? document.result.get())?.warnings ?? [] { printError(warning.description) }
                return LoadedDocument(name: document.name, result: document.result.map(\.scene),
                               interfaceBuilderFlags: (try? document.result.get())?.cachedFlags
                                   .mapValues { $0.map(\.rawValue) } ?? [:])
            }
        } catch {
            return [LoadedDocument(name: path, result: .failure(error))]
        }
    }

    /// Every document of every argument, as sources the validator reads in parallel.
    static func sources(_ arguments: [String]) -> [DocumentSource] {
        arguments.flatMap { argument -> [DocumentSource] in
            if !InterfaceBuilderReader.handles(argument), interfaceBuilderSelection(argument) == nil {
                return [DocumentSource(path: argument) { () throws(DocumentError) in
                    try SceneReader().read(contentsOf: argument)
                }]
            }
            return documents(argument).map { document in
                DocumentSource(path: document.name) { () throws(DocumentError) in try document.result.get() }
            }
        }
    }

    /// The single document a one-document command works on, or exit status 2 after printing
    /// why: it cannot be read, or an IB file holds several layouts and none was named.
    static func single(_ argument: String) throws -> LoadedDocument {
        try all(argument, several: false).readable[0]
    }

    /// Every document an argument names, for a command that can show several one after the
    /// other (`several`), else exactly one. Documents that cannot be read are left out after
    /// printing why (`unreadable` tells the command to end with exit status 2); exit status 2
    /// at once when nothing can be shown, or an IB file holds several layouts and the command
    /// shows one.
    static func all(_ argument: String, several: Bool) throws -> (readable: [LoadedDocument], unreadable: Bool) {
        let documents = documents(argument)
        if several, documents.count > 1 {
            var readable: [LoadedDocument] = []
            for document in documents {
                switch document.result {
                case .success: readable.append(document)
                case .failure(let error): for diagnostic in error.diagnostics { printError(diagnostic.description) }
                }
            }
            if readable.isEmpty { throw ExitCode(2) }
            return (readable, readable.count < documents.count)
        }
        guard documents.count == 1 else {
            let names = documents.map(\.name)
            printError(documents.isEmpty
                ? "\(argument): error: no view controller, top-level view or cell with a view to check"
                : "\(argument): error: holds \(names.count) layouts; name one as PATH#ID: " + names.joined(separator: ", "))
            throw ExitCode(2)
        }
        if case .failure(let error) = documents[0].result {
            for diagnostic in error.diagnostics { printError(diagnostic.description) }
            throw ExitCode(2)
        }
        return (documents, false)
    }
}

extension LoadedDocument {
    /// The scene of a document `DocumentLoader.single` returned (which has checked it reads).
    var scene: Scene {
        get throws { try result.get() }
    }
}
