import Output
import Traces

extension OptionSpec {
    /// `--study PLAN.json`: the capture page runs the study the plan describes (`capture-page`,
    /// and `play --serve`).
    package static let study = OptionSpec.path("--study", "PLAN.json",
                                               help: "Run a study: consent, a random participant code, the plan's tasks in a counterbalanced order (studies/README.md).")
}

extension StudyPlan {
    /// The plan `--study` names, if given; a plan that cannot be used is an input error naming
    /// the file and the place.
    package static func option(_ arguments: ParsedArguments) throws(InputError) -> StudyPlan? {
        guard let path = arguments.value(.study) else { return nil }
        do { return try StudyPlan.load(path: path) } catch { throw InputError(description: error.description) }
    }
}
