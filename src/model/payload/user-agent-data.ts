import Type from 'typebox';
import { Nullable } from './common.js';

export const UserAgentData = Type.Object(
  {
    userAgent: Nullable(Type.String()),
    browser: Nullable(Type.String({ description: 'Chrome, Firefox, Safari, Edge, Opera, Brave, Chromium…' })),
    version: Nullable(Type.String({ description: 'Full browser version when known.' })),
    majorVersion: Nullable(Type.String()),
    engine: Nullable(Type.String({ description: 'Blink, Gecko or WebKit.' })),
    os: Nullable(Type.String({ description: 'Windows, macOS, Linux, Android, iPhone, iPad, ChromeOS.' })),
    osVersion: Nullable(Type.String()),
    platform: Nullable(Type.String({ description: 'Form factor: desktop, mobile or tablet.' })),
    mobile: Nullable(Type.Boolean()),
    hardware: Type.Object({
      cpuCores: Nullable(Type.Number()),
      deviceMemoryGb: Nullable(Type.Number()),
      cpuPerformance: Nullable(
        Type.Number({ description: "Chrome's cpuPerformance tier, 1 (low) to 4 (high)." }),
      ),
    }),
    screen: Nullable(
      Type.Object({
        width: Nullable(Type.Number()),
        height: Nullable(Type.Number()),
        devicePixelRatio: Nullable(Type.Number()),
      }),
    ),
    window: Nullable(Type.Object({ width: Nullable(Type.Number()), height: Nullable(Type.Number()) })),
  },
  { description: 'Browser, platform, hardware and screen of the client that recorded the dump.' },
);
export type UserAgentData = Type.Static<typeof UserAgentData>;
