/**
 * What the tests of every module share: {@link io.apogee.testsupport.Await} waits for a condition with a deadline and
 * a failure message that says what did not happen; {@link io.apogee.testsupport.Received} collects what consumers
 * received. Child JVMs live in {@code process}, the end-to-end scenarios and
 * their client drivers in {@code scenario}. Free ports come from {@link io.apogee.launcher.Ports}.
 *
 * <p>Used in test scope only. Each class states its own threading contract.
 */
package io.apogee.testsupport;
