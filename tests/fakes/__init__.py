"""Test doubles shared by the test suite: loopback model servers."""
