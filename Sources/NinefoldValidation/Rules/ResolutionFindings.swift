import NinefoldResolution
import NinefoldScene

/// Findings the resolver made for this class, turned into validator findings unchanged.
enum ResolutionFindings {
    static func findings(_ kind: ResolutionFinding.Kind, in analysis: ClassAnalysis) -> [Finding] {
        analysis.resolved.findings.filter { $0.kind == kind }.map { finding in
            Finding(kind: kind.rawValue, severity: finding.severity, message: finding.message, views: finding.views,
                    constraints: finding.constraints, location: finding.location,
                    details: finding.relatedLocations.map { "see line \($0.line)" })
        }
    }
}
