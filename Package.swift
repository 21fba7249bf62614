// swift-tools-version: 6.0
// Ninefold: size-class-aware layout documents, checked in all nine classes.
//
// The targets follow the pipeline, each depending only on the stages before it:
//   NinefoldScene (model, XML) → NinefoldResolution (nine classes) →
//   NinefoldSolver (reusable, scene-agnostic) + NinefoldLayout (scene → constraints) →
//   NinefoldValidation (verdicts, findings) → NinefoldReports (matrix, report, diff) → ninefold (CLI)
import PackageDescription

let package = Package(
    name: "Ninefold",
    products: [
        .executable(name: "ninefold", targets: ["ninefold"]),
        .library(name: "NinefoldScene", targets: ["NinefoldScene"]),
        .library(name: "NinefoldSolver", targets: ["NinefoldSolver"]),
        // For the fuzz targets in Fuzz/ (a separate package that depends on this one by path).
        .library(name: "NinefoldReports", targets: ["NinefoldReports"]),
        .library(name: "ReferenceLP", targets: ["ReferenceLP"]),
        .library(name: "NinefoldInterfaceBuilder", targets: ["NinefoldInterfaceBuilder"]),
        // For iOS projects, as SwiftLint offers its plugins: `swift package ninefold-validate`,
        // and a build-tool plugin that checks a target's layouts on every build.
        .plugin(name: "NinefoldValidate", targets: ["NinefoldValidate"]),
        .plugin(name: "NinefoldBuildCheck", targets: ["NinefoldBuildCheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/JohnSundell/Plot", from: "0.14.0"),
        // Exact rationals for the exact reference LP (Tests/ReferenceLP/ExactLP.swift), which
        // confirms the fuzz target's findings; no product module depends on it.
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "NinefoldScene", dependencies: ["CLibXML2"]),
        .target(name: "NinefoldInterfaceBuilder", dependencies: ["NinefoldScene"]),
        .target(name: "NinefoldResolution", dependencies: ["NinefoldScene"]),
        .target(name: "NinefoldSolver"),
        .target(name: "NinefoldLayout", dependencies: ["NinefoldResolution", "NinefoldSolver"]),
        .target(name: "NinefoldValidation", dependencies: ["NinefoldLayout"]),
        .target(name: "NinefoldReports", dependencies: ["NinefoldValidation", .product(name: "Plot", package: "Plot")]),
        .executableTarget(
            name: "ninefold",
            dependencies: [
                "NinefoldReports",
                "NinefoldInterfaceBuilder",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "NinefoldValidate",
            capability: .command(intent: .custom(
                verb: "ninefold-validate",
                description: "Check the package's .storyboard, .xib and scene documents in all nine size classes")),
            dependencies: ["ninefold"]
        ),
        .plugin(name: "NinefoldBuildCheck", capability: .buildTool(), dependencies: ["ninefold"]),
        .executableTarget(name: "ninefold-bench", dependencies: ["NinefoldValidation", "NinefoldInterfaceBuilder"],
                         path: "Benchmarks/Pipeline"),
        .testTarget(name: "NinefoldSceneTests", dependencies: ["NinefoldScene", "SeededRandom"], exclude: ["Malformed"]),
        .testTarget(name: "NinefoldResolutionTests", dependencies: ["NinefoldResolution", "SeededRandom"]),
        .testTarget(name: "NinefoldInterfaceBuilderTests", dependencies: ["NinefoldInterfaceBuilder", "NinefoldLayout", "NinefoldValidation"],
                    exclude: ["Fixtures"]),
        .target(name: "ReferenceLP", dependencies: [.product(name: "BigInt", package: "BigInt")], path: "Tests/ReferenceLP"),
        // The property tests' one seeded generator.
        .target(name: "SeededRandom", path: "Tests/SeededRandom"),
        .testTarget(name: "NinefoldSolverTests", dependencies: ["NinefoldSolver", "ReferenceLP", "SeededRandom"]),
        .testTarget(name: "NinefoldValidationTests", dependencies: ["NinefoldValidation", "ReferenceLP", "SeededRandom"]),
        .testTarget(name: "NinefoldLayoutTests", dependencies: ["NinefoldLayout", "SeededRandom"], exclude: ["Calibration"]),
        .testTarget(name: "NinefoldReportsTests", dependencies: ["NinefoldReports", "CLibXML2"], exclude: ["Golden", "Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
