// companion_adalight: an Adalight receiver for the companion's LED strip.
//
// Frame from the host: 'A' 'd' 'a' hi lo (hi ^ lo ^ 0x55), then 3 bytes per LED, where
// hi/lo is the LED count minus one. The host already applies colour order, gamma and
// brightness (calibration/leds.toml), so the bytes go to the strip as they come.
//
// - prints "Ada\n" at boot and once a second while idle, so the host knows we are here;
// - a header with a bad checksum is not a header: hunt again from the next byte;
// - a frame cut short (no byte for PARTIAL_TIMEOUT_MS) is abandoned;
// - no frame for FRAME_TIMEOUT_MS: the strip goes black (the host sends a keep-alive every
//   second while it runs, so this only happens when the box stops or is unplugged);
// - frames for more LEDs than NUM_LEDS are accepted; the extra LEDs are read and ignored.
//
// Needs the FastLED library (Library Manager: "FastLED"). Written for the companion project,
// MIT licence.

#include <FastLED.h>

#define NUM_LEDS 300            // at least the `count` in calibration/leds.toml
#define DATA_PIN 6              // to the strip's DIN through a 330 ohm resistor
#define LED_TYPE WS2812B
#define BAUD 500000             // must match `baud` in calibration/leds.toml
#define MAX_MILLIAMPS 4000      // a second limit, below what the power supply gives
#define FRAME_TIMEOUT_MS 2500
#define PARTIAL_TIMEOUT_MS 100
#define GREET_MS 1000

CRGB leds[NUM_LEDS];

enum State : uint8_t { HUNT_A, HUNT_D, HUNT_A2, HI, LO, CHK, DATA };
static State state = HUNT_A;
static uint8_t hi, lo;
static uint32_t bytesLeft;   // payload bytes still to read in this frame
static uint32_t payloadPos;  // which payload byte of this frame comes next
static uint32_t lastByteMs, lastFrameMs, lastGreetMs;
static bool dark = true;

void greet() {
  Serial.print("Ada\n");
  lastGreetMs = millis();
}

void setup() {
  FastLED.addLeds<LED_TYPE, DATA_PIN, RGB>(leds, NUM_LEDS);  // RGB: pass bytes through
  FastLED.setMaxPowerInVoltsAndMilliamps(5, MAX_MILLIAMPS);
  FastLED.clear(true);
  Serial.begin(BAUD);
  greet();
  lastByteMs = lastFrameMs = millis();
}

void startFrame() {
  uint32_t count = ((uint32_t)hi << 8 | lo) + 1;
  bytesLeft = count * 3;
  payloadPos = 0;
  state = DATA;
}

void takeByte(uint8_t b) {
  switch (state) {
    case HUNT_A: if (b == 'A') state = HUNT_D; break;
    case HUNT_D: state = (b == 'd') ? HUNT_A2 : (b == 'A' ? HUNT_D : HUNT_A); break;
    case HUNT_A2: state = (b == 'a') ? HI : (b == 'A' ? HUNT_D : HUNT_A); break;
    case HI: hi = b; state = LO; break;
    case LO: lo = b; state = CHK; break;
    case CHK:
      if (b == (hi ^ lo ^ 0x55)) startFrame();
      else state = (b == 'A') ? HUNT_D : HUNT_A;
      break;
    case DATA: {
      uint32_t led = payloadPos / 3;
      if (led < NUM_LEDS) leds[led].raw[payloadPos % 3] = b;
      payloadPos++;
      if (--bytesLeft == 0) {
        FastLED.show();
        dark = false;
        lastFrameMs = millis();
        state = HUNT_A;
      }
      break;
    }
  }
}

void loop() {
  uint32_t now = millis();
  int n = Serial.available();
  if (n > 0) {
    while (n-- > 0) takeByte((uint8_t)Serial.read());
    lastByteMs = now;
    return;
  }
  if (state != HUNT_A && now - lastByteMs > PARTIAL_TIMEOUT_MS) state = HUNT_A;
  if (!dark && now - lastFrameMs > FRAME_TIMEOUT_MS) {
    FastLED.clear(true);
    dark = true;
  }
  if (now - lastByteMs > GREET_MS && now - lastGreetMs > GREET_MS) greet();
}
