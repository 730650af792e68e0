// JudgmentOf: a design studio's score card as a lesson's `judged` check reads it.
#include "ddb/challenge.h"
#include "ddb/lesson.h"

namespace ddb {

DesignJudgment JudgmentOf(std::string challenge, const ScoreCard& card) {
  DesignJudgment judgment{std::move(challenge), {}};
  for (const PatternScore& pattern : card.patterns)
    if (pattern.verdict.passed) judgment.passed.push_back(pattern.name);
  return judgment;
}

}  // namespace ddb
