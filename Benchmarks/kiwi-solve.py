"""Times kiwisolver on a constraint system exported by ninefold-bench.

Usage: kiwi-solve.py SYSTEM.json RUNS

Only the solver is timed: variables and constraint objects are built first, then each run adds
every constraint to a fresh kiwi.Solver in order and calls updateVariables(). A required
constraint kiwi cannot satisfy is skipped, as UIKit and Ninefold break it. kiwi folds priorities
into one weight (strength = priority), where Ninefold keeps them lexicographic; the rows are the
same. Prints "median SECONDS". ninefold-bench stops this script at its cap.
"""
import json
import statistics
import sys
import time

import kiwisolver as kiwi


def load(path):
    with open(path, encoding="utf-8") as handle:
        system = json.load(handle)
    variables = [kiwi.Variable(f"v{index}") for index in range(system["variables"])]
    constraints = []
    for item in system["constraints"]:
        expression = kiwi.Expression(
            [kiwi.Term(variables[index], coefficient) for index, coefficient in item["terms"]], item["constant"])
        relation = {"eq": "==", "le": "<=", "ge": ">="}[item["relation"]]
        priority = item["priority"]
        strength = kiwi.strength.required if priority >= 1000 else kiwi.strength.create(0, priority, 0)
        constraints.append(kiwi.Constraint(expression, relation, strength))
    return constraints


def solve_once(constraints):
    solver = kiwi.Solver()
    start = time.perf_counter()
    for constraint in constraints:
        try:
            solver.addConstraint(constraint)
        except kiwi.UnsatisfiableConstraint:
            pass
    solver.updateVariables()
    return time.perf_counter() - start


def main():
    constraints = load(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    samples = [solve_once(constraints) for _ in range(runs)]
    print(f"median {statistics.median(samples)}", flush=True)


if __name__ == "__main__":
    main()
