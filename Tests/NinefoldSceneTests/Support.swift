import Foundation
import NinefoldScene

/// The repository root, found from this file's path, so tests read the real `Documents/`.
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func repositoryPath(_ relative: String) -> String {
    repositoryRoot.appendingPathComponent(relative).path
}

/// Every `.xml` file directly in a repository folder, sorted.
func documents(in folder: String) -> [String] {
    let directory = repositoryPath(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".xml") }.sorted().map { directory + "/" + $0 }
}
