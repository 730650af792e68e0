// The scenario a lesson step's design runs: a trainer scenario cut down to the design's streams
// and to the step's length, so a lesson and a trainer share one scenario file.
#include <algorithm>

#include "ddb/lesson.h"

namespace ddb {

Result<TrafficScenario> LessonTrafficScenario(const LessonTraffic& traffic, std::size_t design,
                                              TrafficScenario scenario) {
  if (design >= traffic.designs.size())
    return Status::Validation("the step has " + std::to_string(traffic.designs.size()) + " designs, not " +
                              std::to_string(design + 1));
  const TrafficDesign& chosen = traffic.designs[design];
  if (scenario.id != chosen.scenario)
    return Status::Validation("the design \"" + chosen.label + "\" runs scenario \"" + chosen.scenario +
                              "\", but was given scenario \"" + scenario.id + "\"");
  if (!chosen.streams.empty()) {
    std::vector<TrafficStream> kept;
    for (const std::string& name : chosen.streams) {
      auto it = std::find_if(scenario.streams.begin(), scenario.streams.end(),
                             [&](const TrafficStream& s) { return s.name == name; });
      if (it == scenario.streams.end())
        return Status::Validation("scenario \"" + scenario.id + "\" has no stream named \"" + name + "\"");
      kept.push_back(*it);
    }
    scenario.streams = std::move(kept);
  }
  scenario.duration_seconds = traffic.seconds;
  return scenario;
}

}  // namespace ddb
