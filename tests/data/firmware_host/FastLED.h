// Just enough of Arduino + FastLED to run companion_adalight.ino on a PC (tests only).
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

struct CRGB {
  uint8_t raw[3];
};
enum { WS2812B, RGB };

inline uint32_t fake_now = 0;
inline uint32_t millis() { return fake_now; }

struct FakeSerial {
  std::vector<uint8_t> in;
  size_t pos = 0;
  size_t chunk = 7;  // bytes made available per loop(), like a UART trickling in
  size_t avail_limit = 0;
  void begin(long) {}
  int available() {
    size_t left = in.size() - pos;
    return (int)(left < avail_limit ? left : avail_limit);
  }
  int read() { return pos < in.size() ? in[pos++] : -1; }
  void print(const char* s) { std::printf("SAID %s", s); }
};
inline FakeSerial Serial;

struct FakeFastLED {
  CRGB* leds = nullptr;
  int n = 0;
  template <int TYPE, int PIN, int ORDER>
  void addLeds(CRGB* l, int count) { leds = l; n = count; }
  void setMaxPowerInVoltsAndMilliamps(int, int) {}
  void show() {
    std::printf("SHOW");
    for (int i = 0; i < n; i++) std::printf(" %02x%02x%02x", leds[i].raw[0], leds[i].raw[1], leds[i].raw[2]);
    std::printf("\n");
  }
  void clear(bool write) {
    for (int i = 0; i < n; i++) leds[i] = CRGB{{0, 0, 0}};
    if (write) show();
  }
};
inline FakeFastLED FastLED;
