/**
 * Allocation-free text helpers: UTF-8 straight into and out of {@link java.nio.ByteBuffer}s, and decimal
 * numbers as ASCII digits. Every class here is stateless and safe for any thread.
 */
package io.apogee.common.text;
