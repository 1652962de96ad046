package providertest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// maxScenarioBytes caps a scenario file.
const maxScenarioBytes = 64 << 20

// Load reads and validates a JSON scenario file.
func Load(path string) (Scenario, error) {
	data, err := readCapped(path, maxScenarioBytes)
	if err != nil {
		return Scenario{}, fmt.Errorf("providertest: load %s: %w", path, err)
	}
	sc, err := Parse(data)
	if err != nil {
		return Scenario{}, fmt.Errorf("providertest: load %s: %w", path, err)
	}
	return sc, nil
}

// Parse decodes and validates a JSON scenario. Unknown fields are errors.
func Parse(data []byte) (Scenario, error) {
	var sc Scenario
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sc); err != nil {
		return Scenario{}, fmt.Errorf("decode scenario: %w", err)
	}
	if dec.More() {
		return Scenario{}, errors.New("decode scenario: trailing data after the scenario object")
	}
	if err := sc.Validate(); err != nil {
		return Scenario{}, err
	}
	return sc, nil
}

func readCapped(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("file exceeds %d bytes", limit)
	}
	return data, nil
}
