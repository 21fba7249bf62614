// swift-tools-version: 6.0
// Ninefold's libFuzzer targets, kept out of the main package so `swift build` and `make test`
// never need libFuzzer. Built by `make fuzz` / `make fuzz-smoke` with
// `-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library` (Scripts/fuzz.sh), which
// instruments the main package's modules too. Documentation/Reliability.md says what each checks.
import PackageDescription

let package = Package(
    name: "NinefoldFuzz",
    dependencies: [
        .package(name: "Ninefold", path: ".."),
    ],
    targets: [
        .target(name: "FuzzDriver", path: "Targets/FuzzDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: ["FuzzDriver", .product(name: "NinefoldScene", package: "Ninefold")],
            path: "Targets/FuzzSupport"
        ),
        .executableTarget(
            name: "fuzz-scene-reader",
            dependencies: ["FuzzSupport", .product(name: "NinefoldScene", package: "Ninefold")],
            path: "Targets/SceneReader"
        ),
        .executableTarget(
            name: "fuzz-pipeline",
            dependencies: [
                "FuzzSupport",
                .product(name: "NinefoldInterfaceBuilder", package: "Ninefold"),
                .product(name: "NinefoldReports", package: "Ninefold"),
            ],
            path: "Targets/Pipeline"
        ),
        .executableTarget(
            name: "fuzz-interface-builder",
            dependencies: [
                "FuzzSupport",
                .product(name: "NinefoldInterfaceBuilder", package: "Ninefold"),
            ],
            path: "Targets/InterfaceBuilder"
        ),
        .executableTarget(
            name: "fuzz-solver",
            dependencies: [
                "FuzzSupport",
                .product(name: "NinefoldSolver", package: "Ninefold"),
                .product(name: "ReferenceLP", package: "Ninefold"),
            ],
            path: "Targets/Solver"
        ),
    ],
    swiftLanguageModes: [.v6]
)
