import Foundation
import NinefoldReports
import NinefoldScene
import NinefoldValidation
import Testing

/// Validation on all cores gives exactly what validating one document after another gives:
/// the same JSON, byte for byte, in argument order. `make sanitize` runs this suite under
/// ThreadSanitizer, which is where a data race between documents would show.
@Suite struct ParallelValidationTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func documents() -> [String] {
        ["Documents", "Documents/Broken"].flatMap { folder in
            let directory = repository.appendingPathComponent(folder).path
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return names.filter { $0.hasSuffix(".xml") }.sorted().map { directory + "/" + $0 }
        }
    }

    @Test func parallelValidationMatchesSequentialByteForByte() throws {
        // Every document twice, so the same file is read by two threads at once too.
        let paths = Self.documents() + Self.documents().reversed()
        #expect(paths.count >= 52)
        let parallel = Validator.validate(files: paths).map { result in
            (try? result.get()).map { ValidationJSON.document($0).serialized() } ?? "unreadable"
        }
        let sequential = try paths.map { path in
            ValidationJSON.document(Validator.validate(try SceneReader().read(contentsOf: path), path: path)).serialized()
        }
        #expect(parallel == sequential)
    }

    /// Unreadable documents in a parallel batch are reported in place, each with its own diagnostics.
    @Test func unreadableDocumentsKeepTheirPlaceAndDiagnostics() {
        let good = Self.documents()[0]
        let missing = Self.repository.appendingPathComponent("Documents/no-such-document.xml").path
        let results = Validator.validate(files: [missing, good, missing])
        let messages = results.map { result -> String in
            switch result {
            case .success(let document): document.path
            case .failure(let error): error.description
            }
        }
        #expect(messages == ["\(missing):1:1: error: no such file", good, "\(missing):1:1: error: no such file"])
    }
}
