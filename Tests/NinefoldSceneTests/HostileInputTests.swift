import Foundation
import NinefoldScene
import Testing

/// Input that must never crash, hang, expand entities or touch the network or file system.
@Suite struct HostileInputTests {
    func diagnostics(reading path: String) -> [String] {
        do {
            _ = try SceneReader().read(contentsOf: path)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func tenThousandDeepNestingIsRefusedByTheDepthLimit() {
        let depth = 10_000
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<scene version=\"1\">\n"
            + String(repeating: "<view id=\"v\">", count: depth) + String(repeating: "</view>", count: depth) + "\n</scene>\n"
        do {
            _ = try SceneReader().read(string: text, path: "deep.xml")
            Issue.record("a 10,000-deep document was accepted")
        } catch {
            #expect(error.diagnostics.first?.description.hasPrefix("deep.xml:3:") == true)
            #expect(error.diagnostics.first?.message.contains("Excessive depth") == true)
        }
    }

    /// The entity would read /etc/passwd into the scene's name if it were ever expanded.
    @Test func externalEntitiesAreNeverResolved() {
        let path = repositoryPath("Tests/NinefoldSceneTests/Malformed/external-entity.xml")
        let messages = diagnostics(reading: path)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("root:") == false)
        #expect(messages.first?.hasPrefix("\(path):2:1: error: document type declarations") == true)
    }
}

/// The schema compiled into the binary is Schemas/scene.xsd less what validation never reads:
/// its annotations, comments and the whitespace between tags (`make schema` regenerates it).
@Suite struct EmbeddedSchemaTests {
    @Test func embeddedSchemaMatchesTheFile() throws {
        let file = try String(contentsOfFile: repositoryPath("Schemas/scene.xsd"), encoding: .utf8)
        let generated = try String(contentsOfFile: repositoryPath("Sources/NinefoldScene/XML/SceneSchemaText.swift"),
                                   encoding: .utf8)
        // The same three removals as Scripts/embed-schema.py, each of which XML Schema ignores.
        let stripped = file
            .replacing(#/<xs:annotation>.*?<\/xs:annotation>/#.dotMatchesNewlines(), with: "")
            .replacing(#/<!--.*?-->/#.dotMatchesNewlines(), with: "")
            .replacing(#/>\s+</#, with: "><")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(generated.contains("#\"\"\"\n" + stripped + "\n\"\"\"#"))
        // Nothing validation reads was dropped with them: every element, type and attribute
        // declaration, pattern and enumeration of the file is still there.
        for marker in ["<xs:element ", "<xs:attribute ", "<xs:simpleType ", "<xs:complexType ", "<xs:pattern ",
                       "<xs:enumeration ", "<xs:group ", "<xs:choice", "<xs:sequence"] {
            #expect(generated.components(separatedBy: marker).count == file.components(separatedBy: marker).count,
                    "\(marker)")
        }
        #expect(!generated.contains("xs:documentation"))
    }

    @Test func everyBundledDocumentReads() throws {
        let paths = documents(in: "Documents") + documents(in: "Documents/Broken")
        #expect(paths.count >= 26)
        for path in paths { _ = try SceneReader().read(contentsOf: path) }
    }
}
