//! Seven-card hand evaluation (placeholder until the evaluator lands).
