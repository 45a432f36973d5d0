// Runs the sketch against bytes from stdin: `host < stream`; "PAUSE" lines are not used,
// instead each byte 0xFF 0xFE 0xFD 'W' n means "wait n * 100 ms" in the fake clock.
#include "FastLED.h"
#include <iostream>
#include <iterator>
#define NUM_LEDS_OVERRIDE
#include SKETCH

int main() {
  std::vector<uint8_t> data((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  setup();
  std::vector<uint8_t> stream;
  std::vector<std::pair<size_t, uint32_t>> waits;
  for (size_t i = 0; i < data.size(); i++) {
    if (i + 4 < data.size() && data[i] == 0xFF && data[i + 1] == 0xFE && data[i + 2] == 0xFD && data[i + 3] == 'W') {
      waits.push_back({stream.size(), data[i + 4] * 100u});
      i += 4;
    } else {
      stream.push_back(data[i]);
    }
  }
  Serial.in = stream;
  size_t w = 0;
  while (Serial.pos < Serial.in.size() || w < waits.size()) {
    Serial.avail_limit = Serial.chunk;
    if (w < waits.size() && Serial.pos >= waits[w].first) {
      Serial.avail_limit = 0;
      uint32_t until = fake_now + waits[w].second;
      while (fake_now < until) { fake_now += 10; loop(); }
      w++;
      continue;
    }
    if (w < waits.size() && Serial.pos + Serial.chunk > waits[w].first) Serial.avail_limit = waits[w].first - Serial.pos;
    fake_now += 1;
    loop();
  }
  return 0;
}
