// ReadCloudFormationYamlTemplate: a YAML template as the tree of the JSON template it stands for,
// read as a JSON template's, with the YAML's lines put to what that reports.
#include <string>

#include "ddb/template_import.h"
#include "interchange/template_read.h"
#include "interchange/yaml_read.h"

namespace ddb {

Result<TemplateImport> ReadCloudFormationYamlTemplate(std::string_view text, const DatabaseOptions& options) {
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  if (start != std::string_view::npos && text[start] == '{') return ReadCloudFormationTemplate(text, options);
  auto yaml = yaml::Read(text);
  if (!yaml.ok()) return yaml.status();
  auto read = ReadTemplateDocument(yaml->value, options);
  if (!read.ok()) return Status(read.status().code(), yaml::WithLine(*yaml, read.status().message()));
  for (std::string& notice : read->notices) notice = yaml::WithLine(*yaml, notice);
  return read;
}

}  // namespace ddb
